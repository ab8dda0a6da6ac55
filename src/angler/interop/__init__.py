"""angler's games for research libraries: OpenSpiel, PettingZoo and Gymnasium (``docs/interop.md``).

Each adapter is its own module, imported on demand, because the libraries are an optional extra
(``research``): ``angler.interop.openspiel``, ``angler.interop.pettingzoo``,
``angler.interop.gymnasium``. The adapters see a game only through its ``game.encoding``
(``core/encoding.py``) and the state's public methods, and build every observation from one
seat's view.
"""
