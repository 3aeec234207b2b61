"""The match's one source of randomness.

SplitMix64 in pure Python rather than ``random.Random``: its whole state is one
integer, so cloning a game and saving it to JSON cost nothing, and the sequence
is fixed by this code alone, never by the Python version.
"""
from __future__ import annotations

from typing import Final

try:   # the compiled build's machine integers (scripts/build_compiled.py); pure Python needs none
    from mypy_extensions import i64
except ImportError:
    i64 = int   # type: ignore[misc, assignment]

_MASK: Final = (1 << 64) - 1
MASK: Final = _MASK   # a stream's state is a 64-bit number
_GAMMA: Final = 0x9E3779B97F4A7C15
PURE: Final = __file__.endswith(".py")   # this module runs as pure Python, the reference


def next_state(state: int) -> tuple[int, int]:
    """Advance ``state``; return (new_state, 64-bit output)."""
    if not PURE and 0 <= state <= _MASK:
        s: i64 = _word(state) + i64(_GAMMA - (1 << 64))
        return int(s) & _MASK, int(_output(s)) & _MASK
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n))."""
    if not PURE and 0 <= state <= _MASK and 0 < n < 1 << 31:
        s: i64 = _word(state) + i64(_GAMMA - (1 << 64))
        return int(s) & _MASK, int(_pick(_output(s), n))
    state, out = next_state(state)
    return state, (out * n) >> 64


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of ``items`` in place; return the new state."""
    if not PURE and len(items) < 1 << 31:
        return _shuffle_in_machine_words(state, items)
    gamma, mask = _GAMMA, _MASK   # (locals: read at every card)
    for i in range(len(items) - 1, 0, -1):   # next_state and below, inlined: shuffling is hot
        state = (state + gamma) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state


def derive(seed: int, label: str) -> int:
    """A seed for a separate stream (a bot's), so adding a bot never changes the deal."""
    state = seed & _MASK
    if not PURE:
        s: i64 = _word(state)
        gamma: i64 = i64(_GAMMA - (1 << 64))
        for ch in label.encode():
            s = _output((s ^ ch) + gamma)
        return int(s) & _MASK
    for ch in label.encode():
        state, out = next_state(state ^ ch)
        state = out
    return state


def _word(state: int) -> i64:
    """A 64-bit state (0 <= state < 2**64) as a machine word holding its bits (see
    :func:`_shuffle_in_machine_words`)."""
    return i64(state - (1 << 64)) if state >= 1 << 63 else i64(state)


def _output(s: i64) -> i64:
    """SplitMix64's output for the state ``s``, in machine words: what :func:`next_state` works
    out in unbounded integers, for the compiled build (``derive`` was a sixth of a game's set-up)."""
    z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * i64(0xBF58476D1CE4E5B9 - (1 << 64))
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * i64(0x94D049BB133111EB - (1 << 64))
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _pick(z: i64, n: i64) -> i64:
    """``(out * n) >> 64`` for the output ``out`` held in the word ``z`` and ``n`` < 2**31, in
    machine words: worked out from the two 32-bit halves of ``out``."""
    return (((z >> 32) & 0xFFFFFFFF) * n + (((z & 0xFFFFFFFF) * n) >> 32)) >> 32


def _shuffle_in_machine_words(state: int, items: list) -> int:
    """:func:`shuffle` for the compiled build, the same numbers in 64-bit machine words: there
    Python's unbounded integers cost a seventh of a game. The words hold the unsigned values'
    bits and wrap as unsigned arithmetic does, and shifts mask off the copied sign bit. The loop
    is :func:`_output` and :func:`_pick` written out: calling them for every card doubled a
    shuffle's cost (54 k → 118 k instructions a game). Never run by pure Python, whose integers
    do not wrap (tests/core/test_compiled_build.py and scripts/equivalence.py check the two give
    the same deal)."""
    s: i64 = _word(state)
    gamma: i64 = i64(_GAMMA - (1 << 64))
    mul1: i64 = i64(0xBF58476D1CE4E5B9 - (1 << 64))
    mul2: i64 = i64(0x94D049BB133111EB - (1 << 64))
    low32: i64 = 0xFFFFFFFF
    i: i64 = len(items) - 1
    while i > 0:
        s = s + gamma
        z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * mul1
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * mul2
        z = z ^ ((z >> 31) & 0x1FFFFFFFF)
        n: i64 = i + 1
        j: i64 = (((z >> 32) & low32) * n + (((z & low32) * n) >> 32)) >> 32
        items[i], items[j] = items[j], items[i]
        i -= 1
    return int(s) & _MASK
