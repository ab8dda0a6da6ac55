"""Many games at once: simulation, tournaments, the balance report, their statistics
(``stats.py``) and the speed benchmark. Import from the modules themselves: ``stats`` is also read
by the search bots, so this package imports nothing on its own."""
