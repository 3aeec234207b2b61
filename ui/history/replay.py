"""Stepping through a recorded game: the game is rebuilt from its setup (with seed) and the
answers are applied one by one, as :func:`ascension.core.match.replay` does, keeping after
each answer how much of the log existed, what was answered and the scores. The log reads as it
did during the game (``Game.log_lines``: a run of plays is one line). The viewer then moves
forward and back by index without replaying again. Qt-free, so it is tested alone."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ascension.core.engine import EngineError, GameOver, InvalidAnswer
from ascension.core.i18n import _, ngettext
from ascension.core.match import replay
from ascension.core.wording import team_name


@dataclass
class Step:
    lines: int                    # log lines that exist after this step
    caption: str                  # what happened at this step ("Turn 3 · Ann: Acquire Mystic")
    turn: int
    scores: list[tuple[str, int]] = field(default_factory=list)   # (name, honor total) per side: seat or team
    pool: int = 0


class ReplaySteps:
    """Step 0 is the opening deal; step k (1..len(answers)) follows the k-th answer."""

    def __init__(self, setup: dict, answers: list[int]):
        self.lines: list[str] = []
        self.turn_starts: set[int] = set()   # indexes of the lines that begin a turn (shown bold)
        self._events = 0                     # how much of the game's log is in ``lines``
        self.steps: list[Step] = []
        self.error: str | None = None
        self.over = False                    # the answers reach the end of the game
        self.differences: list[str] = []     # how the plugins differ from those it was played with
        try:
            game = replay(setup, [])
        except (ValueError, KeyError, TypeError) as exc:   # SetupError is a ValueError
            self.error = _("this game cannot be rebuilt with this version of the engine: {error}").format(error=exc)
            return
        self.differences = game.plugin_differences()
        self._take(game, _("The opening deal"))
        for k, answer in enumerate(answers, 1):
            dec = game.decision()
            try:
                label = game.label(dec.options[answer]) if dec is not None and 0 <= answer < len(dec.options) else "?"
                who = game.seat_name(dec.seat) if dec is not None else ""
                game.apply(answer)
            except (InvalidAnswer, GameOver, IndexError, EngineError) as exc:
                what = dict(k=k, n=len(answers), error=exc, plugins="; ".join(self.differences))
                self.error = (_("answer {k} of {n} no longer fits the game ({error}); the engine has changed since "
                                "this game was recorded (played with other plugins: {plugins})") if self.differences
                              else _("answer {k} of {n} no longer fits the game ({error}); the engine has changed "
                                     "since this game was recorded")).format(**what)
                return
            self._take(game, f"{who}: {label}")
        self.over = game.over

    def _take(self, game, caption: str) -> None:
        for event, line in game.log_lines(game.log[self._events:]):
            if event.kind == "turn_started":
                self.turn_starts.add(len(self.lines))
            self.lines.append(line)
        self._events = len(game.log)
        self.steps.append(Step(len(self.lines), caption, game.turn, side_scores(game), game.pool))

    def honor_by_turn(self) -> tuple[list[str], list[list[int]]]:
        """Each side's honor (tokens + card honor; a team's summed, as it wins or loses together)
        at the end of every turn: the names, then one row of totals per turn in the names' order. A turn ends where the next begins, or where
        the game ends; an unfinished last turn has no row."""
        if not self.steps:
            return [], []
        rows = [[total for name, total in after.scores]
                for before, after in zip(self.steps, self.steps[1:]) if after.turn > before.turn]
        if self.over:
            rows.append([total for name, total in self.steps[-1].scores])
        return [name for name, total in self.steps[0].scores], rows

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def last(self) -> int:
        return len(self.steps) - 1


def side_scores(game) -> list[tuple[str, int]]:
    """(name, honor total) of each seat, or of each team under team play (its seats summed), and
    of a solo villain."""
    rows = game.scores()
    teams = game.teams()
    if not teams:
        return [(r["name"], r["total"]) for r in rows]
    totals = {r["seat"]: r["total"] for r in rows}
    return [(team_name([game.seat_name(s) for s in team]), sum(totals[s] for s in team)) for team in teams]


def race_story(names: list[str], rows: list[list[int]]) -> str:
    """How the honor race went, in a sentence or two: who led for how many turns (a tie leads
    no one), how often the lead changed hands, and the largest lead."""
    if not rows or len(names) < 2:
        return ""
    leaders, biggest = [], (0, 0, 0)   # (lead, turn, player)
    for turn, totals in enumerate(rows, 1):
        first, second = sorted(totals, reverse=True)[:2]
        leader = totals.index(first) if first > second else None
        leaders.append(leader)
        if leader is not None and first - second > biggest[0]:
            biggest = (first - second, turn, leader)
    led = Counter(x for x in leaders if x is not None)
    if not led:
        return _("No one was ever ahead at the end of a turn.")
    order = [p for p, count in led.most_common()]
    parts = [_("{name} led for {n} of {turns} turns").format(name=names[order[0]], n=led[order[0]], turns=len(rows))]
    parts += [_("{name} for {n}").format(name=names[p], n=led[p]) for p in order[1:]]
    held = [x for x in leaders if x is not None]
    changes = sum(a != b for a, b in zip(held, held[1:]))
    lead, turn, player = biggest
    largest = _("Largest lead: {name}, {lead} honor after turn {turn}.").format(name=names[player], lead=lead, turn=turn)
    if not changes:
        return _("{who}; the lead never changed hands. {largest}").format(who=", ".join(parts), largest=largest)
    return ngettext("{who}; the lead changed hands {n} time. {largest}", "{who}; the lead changed hands {n} times. {largest}",
                    changes).format(who=", ".join(parts), n=changes, largest=largest)

