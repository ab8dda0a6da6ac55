"""angler's games for research libraries (OpenSpiel, PettingZoo, Gymnasium), read through each
game's encoding (``core/encoding.py``). The libraries are the optional extra ``research``."""
