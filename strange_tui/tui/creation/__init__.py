"""Character creation: the eleven steps as a wizard, each step's body, what it shows."""
