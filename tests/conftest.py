import pytest

from ascension.core.match import new_game


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path, monkeypatch):
    """No test reads or writes a player's real settings, autosaves or override files (the
    terminal game autosaves too); tests that need such files make their own."""
    monkeypatch.setenv("ASCENSION_CONFIG_DIR", str(tmp_path / "user-config"))
    monkeypatch.setenv("ASCENSION_DATA_DIR", str(tmp_path / "user-data"))


@pytest.fixture
def game2():
    """A fresh 2-player 10 Year Anniversary game with a fixed seed."""
    return new_game(["10th"], ["Ann", "Bob"], seed=20261130)
