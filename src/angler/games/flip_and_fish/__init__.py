"""Flip & Fish: flick a D12 at face-down fish."""
