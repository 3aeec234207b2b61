"""Team play (Return of the Fallen): 4 or 6 players in teams of two, teammates sitting across.

- A player may pay one extra rune when acquiring a card to put it into their teammate's
  discard pile instead of their own ("spend one additional Rune when you acquire a card"): the
  price of the plain acquire, with every discount and restricted rune that applies to it
  (Reactor Monk, Dimension Diver, Mechana-only runes), plus one; the engine's own rule
  (``Game.offers`` / ``Game.pay_runes``) decides.
- "Each opponent" means the players of the other team(s): a teammate is never harmed.
- A team's score is its members' combined honor; a tie goes to the tied team whose member
  took a turn most recently (the rulebook's tie rule applied to teams).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Final

from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
from ascension.core.i18n import N_, _, card_name, ngettext

if TYPE_CHECKING:   # the annotations of the hooks a team game calls at every decision: compiled, read natively
    from ascension.core.carddef import CardDef
    from ascension.core.engine import Game
    from ascension.core.match import MatchSetup

PLUGIN = PluginInfo(name="teams", variant="teams", players=(4, 6),
                    summary=N_("Teams of two (2v2, 2v2v2): gift cards to your teammate, combined honor."))
GIFT_SURCHARGE: Final = 1


def teammate(game: Game, seat: int) -> int:
    n = len(game.players)
    return (seat + n // 2) % n


def teams(n: int) -> list[list[int]]:
    return [[s, s + n // 2] for s in range(n // 2)]


@hookimpl
def asc_validate_setup(setup: MatchSetup) -> list[str]:
    if "teams" in setup.variants and setup.players not in (4, 6):
        return [_("team play needs 4 or 6 players (teams of two), not {n}").format(n=setup.players)]
    return []


@hookimpl
def asc_opponents(game: Game, seat: int) -> list[int]:
    n = len(game.players)
    mate = teammate(game, seat)
    return [(seat + i) % n for i in range(1, n) if (seat + i) % n != mate]


@hookimpl
def asc_sides(game: Game) -> list[list[int]]:
    return teams(len(game.players))


@hookimpl
def asc_extra_actions(game: Game, seat: int) -> list[tuple]:
    """A gift of every card ``seat`` could acquire with one rune more (the engine's offer rule)."""
    offers = game.offers(seat, GIFT_SURCHARGE)
    if not offers:
        return offers
    mate = teammate(game, seat)
    return [("gift", option[1], mate) for option in offers if option[0] == "acquire"]


@hookimpl
def asc_apply_action(game: Game, option: tuple) -> bool | None:
    if option[0] != "gift":
        return None
    seat = game.current
    game.pay_runes(seat, option[1], extra=GIFT_SURCHARGE)
    game.acquire(seat, option[1], owner=option[2])
    return True


@hookimpl
def asc_option_label(game: Game, option: tuple) -> str | None:
    if option[0] == "gift":
        price = game.price(game.current, option[1]) + GIFT_SURCHARGE
        return ngettext("Acquire {card} for {player} ({n} rune)", "Acquire {card} for {player} ({n} runes)",
                        price).format(card=game.name_of(option[1]), player=game.players[option[2]].name, n=price)
    return None


def _gift_words(defs: list[CardDef], option: tuple, seat_name: Callable[[int], str]) -> str:
    return _("Gift {card} to {player}").format(card=card_name(defs[option[1]].name), player=seat_name(option[2]))


@hookimpl
def asc_option_words() -> dict[str, Callable[[list[CardDef], tuple, Callable[[int], str]], str]]:
    """A gift in a bot's words (from the card data: a bot explaining its move has no game)."""
    return {"gift": _gift_words}
