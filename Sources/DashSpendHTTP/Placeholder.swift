// HTTP.
