"""`strange-tui serve`: the table in web browsers, a secret link a seat, its apps bounded."""
