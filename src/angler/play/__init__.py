"""Playing with people: seats (who plays each one) and the match they play."""
