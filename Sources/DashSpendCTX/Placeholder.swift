// CTX.
