"""The match's one source of randomness.

SplitMix64 in pure Python rather than ``random.Random``: its whole state is one
integer, so cloning a game and saving it to JSON cost nothing, and the sequence
is fixed by this code alone, never by the Python version.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def next_state(state: int) -> tuple[int, int]:
    """Advance ``state``; return (new_state, 64-bit output)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n))."""
    state, out = next_state(state)
    return state, (out * n) >> 64


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of ``items`` in place; return the new state."""
    for i in range(len(items) - 1, 0, -1):   # next_state and below, inlined: shuffling is hot
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state


def derive(seed: int, label: str) -> int:
    """A seed for a separate stream (a bot's), so adding a bot never changes the deal."""
    state = seed & _MASK
    for ch in label.encode():
        state, out = next_state(state ^ ch)
        state = out
    return state
