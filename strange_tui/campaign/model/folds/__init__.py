"""What ``reduce`` calls to fold an event into the state, one module per area of the game."""
