"""Many games at once: simulation, tournaments, the balance report and the speed benchmark.
Import from the modules themselves: this package imports nothing on its own. Their confidence
intervals are in ``angler.stats``."""
