"""Reviews of a finished game's decisions, each valued from what its seat could know
(docs/review.md)."""
