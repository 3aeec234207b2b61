"""A writer for the crash test: records large games in a loop until it is killed.

Prints "begin K" before each write and "committed ID" once record_game has returned (the
transaction is committed then), each line flushed at once.
Usage: python crash_writer.py DB START_K
"""
import sys

from ascension.ui.history import open_history
from ascension.ui.history.repo import record_game

from history_helpers import make_record, seat

SEATS, CARDS, ANSWERS = 4, 150, 5000


def big_record(k: int) -> dict:
    seats = [seat(n, f"P{n}", tokens=10, cards=n, winner=n == 0,
                  acquired={f"Card {k}-{n}-{c}": 1 + c % 3 for c in range(CARDS)}) for n in range(SEATS)]
    return make_record(k, seats, answers=[k % 7] * ANSWERS)


def main() -> None:
    db, k = sys.argv[1], int(sys.argv[2])
    history = open_history(db)
    with history.session() as s:
        while True:
            print(f"begin {k}", flush=True)
            mid = record_game(s, big_record(k))
            print(f"committed {mid}", flush=True)
            k += 1


if __name__ == "__main__":
    main()
