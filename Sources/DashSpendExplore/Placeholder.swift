// The explore database reader.
