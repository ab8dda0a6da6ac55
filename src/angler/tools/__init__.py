"""Measuring angler, above the product's packages: the bench (decisions, clones and search
iterations a second beside a yardstick), the research adapters' bench, Ray's bench, the load
generator (a real server under concurrent games over WebSockets), a move's server time in parts,
and the runners of the shared yardsticks. The product's own packages import nothing from here;
the command line (``angler bench``, ``angler loadtest``) does.
"""
