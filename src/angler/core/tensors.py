"""Helpers the games' encodings share (``games/<game>/encoding.py``, ``core/encoding.py``):
an observation laid out as named blocks at fixed offsets, each with the range its numbers keep,
bitmasks written into it a byte at a time, and a ranking of small subsets (a cast of hand slots,
a pair of gear cards) as indices.

Everything is built once per configured game, so encoding a view only fills numbers in.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, MutableSequence
from dataclasses import dataclass
from itertools import combinations
from math import prod

_BYTE_BITS = tuple(tuple(float(byte >> bit & 1) for bit in range(8)) for byte in range(256))
"""Each byte value as its 8 bits, lowest first, as floats: a mask is written 8 numbers at once."""
_BYTE_BITS_ARRAY = tuple(array("d", bits) for bits in _BYTE_BITS)
"""The same as arrays of doubles, for an observation built in an ``array("d")``."""


@dataclass(frozen=True)
class Block:
    """One named part of an observation: where it starts, its shape (rows, columns…), and the
    least and greatest number any of its places holds."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        return prod(self.shape)

    @property
    def end(self) -> int:
        return self.offset + self.size

    def range_text(self) -> str:
        """``[low, high]``, whole numbers without a decimal point: ``[0, 1]``, ``[-48, 800]``."""
        return f"[{_number(self.low)}, {_number(self.high)}]"


def _number(value: float) -> str:
    return str(int(value)) if value.is_integer() else repr(value)  # inf and NaN: repr


class TensorLayout:
    """An observation's blocks in order; each ``add`` returns the offset of the new block."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(
        self,
        name: str,
        shape: int | tuple[int, ...],
        meaning: str,
        low: float = 0.0,
        high: float = 1.0,
    ) -> int:
        """A block after the others, every number of it within ``[low, high]`` (the default,
        0 to 1, fits one-hots and flags); returns its offset."""
        if not low <= high:  # also refuses NaN
            raise ValueError(f"block {name!r}: [{low}, {high}] is no range")
        dims = (shape,) if isinstance(shape, int) else shape
        block = Block(name, self.size, dims, meaning, float(low), float(high))
        self.blocks.append(block)
        self.size += block.size
        return block.offset

    def zeros(self) -> list[float]:
        return [0.0] * self.size

    def limits(self) -> tuple[array[float], array[float]]:
        """The least and the greatest number each index may hold: its block's range."""
        low, high = array("d"), array("d")
        for block in self.blocks:
            low.extend([block.low] * block.size)
            high.extend([block.high] * block.size)
        return low, high

    def block_at(self, index: int) -> Block:
        """The block holding ``index`` (IndexError past the last)."""
        for block in self.blocks:
            if block.offset <= index < block.end:
                return block
        raise IndexError(f"index {index} lies past the layout's {self.size} numbers")

    def table(self) -> str:
        """The layout as a Markdown table, for ``docs/interop.md``."""
        rows = ["| block | offset | shape | range | holds |", "|---|---|---|---|---|"]
        for block in self.blocks:
            shape = " × ".join(str(d) for d in block.shape)
            rows.append(
                f"| `{block.name}` | {block.offset} | {shape} | {block.range_text()} "
                f"| {block.meaning} |"
            )
        return "\n".join(rows)


def put_mask(out: MutableSequence[float], offset: int, mask: int, width: int) -> None:
    """Write the bits of ``mask`` (below ``width``) as 1.0 at ``out[offset + bit]``; zeros are
    left as they are. A mask with a bit at ``width`` or beyond its last byte raises. ``out`` is
    a list or an ``array("d")``."""
    if not mask:
        return
    bits = _BYTE_BITS_ARRAY if isinstance(out, array) else _BYTE_BITS
    end = offset + width
    at = offset
    for byte in mask.to_bytes((width + 7) >> 3, "little"):
        if byte:
            if at + 8 <= end:
                out[at : at + 8] = bits[byte]
            else:  # the last, partial byte: never write into the next block
                if byte >> (end - at):
                    raise ValueError(f"mask {mask:#x} has bits past {width}")
                out[at:end] = bits[byte][: end - at]
        at += 8


def put_ones(out: MutableSequence[float], offset: int, indices: Iterable[int]) -> None:
    """1.0 at ``out[offset + i]`` for each ``i``."""
    for index in indices:
        out[offset + index] = 1.0


class Subsets:
    """The subsets of ``range(n)`` with at most ``most`` members, numbered by size, then in
    lexicographic order: a bitmask of positions to an index and back."""

    def __init__(self, n: int, most: int) -> None:
        self.n = n
        self.most = min(most, n)
        self.masks = tuple(
            sum(1 << i for i in group)
            for size in range(self.most + 1)
            for group in combinations(range(n), size)
        )
        self.index_of = {mask: index for index, mask in enumerate(self.masks)}

    def __len__(self) -> int:
        return len(self.masks)

    def index(self, mask: int) -> int:
        """The index of a mask of positions; ValueError if it is not one of these subsets."""
        found = self.index_of.get(mask)
        if found is None:
            raise ValueError(
                f"positions {mask:#b} are not a subset of {self.n} of at most {self.most}"
            )
        return found
