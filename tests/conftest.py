import pytest

from ascension.core.match import new_game


@pytest.fixture
def game2():
    """A fresh 2-player 10 Year Anniversary game with a fixed seed."""
    return new_game(["10th"], ["Ann", "Bob"], seed=20261130)
