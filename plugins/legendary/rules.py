"""Ascension Legends' Legendary Track, a variant for any mix of sets (``--variants legendary``;
the ``legends`` set requires it).

Rules (Ascension Legends rulebook, "New in Ascension Legends" and F.A.Q.):

- Setup: one Legendary Character per faction, from the ``[[legend]]`` entries of
  ``sets/legends.toml`` (two per faction): picked with
  ``options={"legendary": {"characters": {"void": "naka", ...}}}``, the rest at random from the
  match seed (so seed + options replay exactly). They sit in ``game.aside``, out of play; their
  Boon is the plugin-owned card field ``boon = [...]``.
- Renown: acquiring a hero or construct, or defeating a monster, FROM THE CENTER ROW moves the
  player 1 space up the track of each faction on the card (none for a faction-less monster);
  cards may add more (``on_acquire = [{ gain_renown = ... }]``, "When you acquire this"). A plain
  "gain Renown" lets the player choose the faction (verb ``gain_renown``). The track ends at 12;
  more Renown there does nothing. Any number of players share a space.
- Boons: reaching (or passing) space 3, 6 or 9 earns that faction's Boon: a main action
  ``("boon", faction)``, usable at any moment later in the same turn, each Boon on its own, and
  lost at the end of the turn. Space 12 gives no Boon.
- Legendary status at space 12: from that turn on, once per turn and per faction, the main action
  ``("legendary", faction, card)`` acquires or defeats a center-row card of that faction without
  paying; with Shadow Mender it reaches a monster in the Void (verb ``defeat_in_void``).
- Renown Threshold (verb ``renown_threshold``): checked when the card is played.
- Unite-Emissary (verb ``unite_emissary``): "Hero-Emissary" is the card keyword ``emissary``; the
  effect fires once if the player plays, or has played, another Emissary this turn, whatever its
  faction. Constructs with Unite use the core ``requires = { played_faction = ... }``.

State: ``game.ext["legendary"]`` (see :mod:`.track`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ascension.core import rng
from ascension.core.cards import FACTIONS
from ascension.core.hookspecs import NOTHING_UNTIL_CHANGED, NothingUntilChanged, hookimpl
from ascension.core.plugins import PluginInfo
from ascension.core.i18n import N_, _, card_name, pgettext
from ascension.core.match import load_set
from ascension.core.wording import faction_name

from . import verbs
from .state import SLOT
from .track import LEGEND, READS_TOUCHED, boon_text, card_renown, renown, seat_key, touched, track, turn_list

if TYPE_CHECKING:   # the annotations of the hot hooks: compiled, they read the game natively
    from ascension.core.engine import Game

PLUGIN = PluginInfo(name="legendary", variant="legendary",
                    summary=N_("Ascension Legends' Legendary Track: Renown, Boons and Legendary status, for any sets."))
LEGENDS_SET = "legends"
# The setup dialog's heading of each faction's choice, and the faction a character is not of
_LEGEND_OF = {"enlightened": N_("Enlightened Legend"), "lifebound": N_("Lifebound Legend"),
              "mechana": N_("Mechana Legend"), "void": N_("Void Legend")}
_NOT_OF = {"enlightened": N_("legendary options: {card} is not an Enlightened character"),
           "lifebound": N_("legendary options: {card} is not a Lifebound character"),
           "mechana": N_("legendary options: {card} is not a Mechana character"),
           "void": N_("legendary options: {card} is not a Void character")}


def characters(setup=None) -> list:
    """The Legendary Characters a match may use (the ``[[legend]]`` entries of the Legends set),
    with the card overrides that match plays with; without a match, with the override files (the
    names a setup dialog offers)."""
    if setup is None:
        return load_set(LEGENDS_SET, ("base", "legendary")).legends
    return setup.other_set(LEGENDS_SET, tuple(sorted({*setup.plugins, "base", "legendary"}))).legends


_BY_FACTION: dict[int, tuple[list, dict[str, list]]] = {}


def by_faction(pool: list) -> dict[str, list]:
    """``pool``'s characters by faction, worked out once per loaded set (every match asks)."""
    known = _BY_FACTION.get(id(pool))
    if known is None or known[0] is not pool:
        out: dict[str, list] = {}
        for d in pool:
            if d.factions:
                out.setdefault(d.factions[0], []).append(d)
        known = _BY_FACTION[id(pool)] = (pool, out)
    return known[1]


def _short(card_id: str) -> str:
    return card_id.split(".", 1)[-1]


@hookimpl
def asc_state_slots():
    return [SLOT]


@hookimpl
def asc_event_texts():
    """What the log says of the Track (``where`` is the faction)."""
    return {
        "legend_chosen": N_("{card} watches over the {faction}."),
        "legend_chosen:enlightened": N_("{card} watches over the Enlightened."),
        "legend_chosen:lifebound": N_("{card} watches over the Lifebound."),
        "legend_chosen:mechana": N_("{card} watches over the Mechana."),
        "legend_chosen:void": N_("{card} watches over the Void."),
        "renown": N_("{who} gains {n} Renown ({faction})."),
        "boon_earned": N_("{who} reaches space {n} ({faction}) and earns the Boon of {card}."),
        "boon_used": N_("{who} uses the Boon of {card}."),
        "boon_lost": N_("{who}'s unused Boon of {card} is lost."),
        "legendary_status": N_("{who} reaches Legendary status ({faction})."),
        "legendary_used": N_("{who} uses Legendary status ({faction}) for {card}."),
        "won": N_("{who} wins the game."),
    }


@hookimpl
def asc_register_verbs(registry):
    for verb in verbs.ALL:
        registry.add(verb)
    registry.add_field("boon", N_("Boon"))   # labels are translated where card text shows them
    registry.add_field("on_acquire", N_("When you acquire this"))


@hookimpl
def asc_setup_choices():
    """One Legendary Character per faction: picked, or drawn at random."""
    out = []
    for faction in FACTIONS:
        options = by_faction(characters()).get(faction, [])
        out.append({"variant": "legendary", "path": ["characters", faction],
                    "label": _(_LEGEND_OF[faction]),
                    "choices": [(None, _("Random"))] + [(_short(d.id), d.name) for d in options]})
    return out


@hookimpl
def asc_validate_setup(setup):
    opts = setup.options.get("legendary", {})
    if not isinstance(opts, dict) or set(opts) - {"characters"}:
        return [_("legendary options: expected {shape}").format(shape='{"characters": {faction: character id}}')]
    picks = opts.get("characters", {})
    if not isinstance(picks, dict):
        return [_("legendary options: 'characters' maps a faction to a character id")]
    if not picks:
        return []
    known = {_short(d.id): d for d in characters(setup)}
    problems = []
    for faction, cid in picks.items():
        d = known.get(_short(str(cid)))
        if faction not in FACTIONS:
            problems.append(_("legendary options: unknown faction '{faction}' (factions: {factions})").format(
                faction=faction, factions=", ".join(FACTIONS)))
        elif d is None:
            problems.append(_("legendary options: unknown Legendary Character '{card}' (known: {known})").format(
                card=cid, known=", ".join(sorted(known))))
        elif faction not in d.factions:
            problems.append(_(_NOT_OF[faction]).format(card=d.name))
    return problems


@hookimpl
def asc_setup_match(setup):
    """One character per faction: the one picked, or one drawn from the seed's own stream."""
    asked = setup.options.get("legendary")
    picks = {f: _short(str(c)) for f, c in asked.get("characters", {}).items()} if asked else {}
    state = rng.derive(setup.seed, "legendary")
    pool = by_faction(characters(setup))
    aside = setup.aside
    for faction in FACTIONS:
        options = pool.get(faction)
        if not options:
            continue
        pick = picks.get(faction) if picks else None
        chosen = [d for d in options if _short(d.id) == pick] if pick else None
        if chosen:
            aside.extend(chosen)
        else:
            state, i = rng.below(state, len(options))
            aside.append(options[i])


@hookimpl
def asc_game_started(game: Game) -> None:
    characters: dict[str, int] = track(game)["characters"]
    for faction, card in characters.items():
        game.emit("legend_chosen", card=card, where=faction)


# ------------------------------------------------------------------------ Renown
@hookimpl
def asc_card_acquired(game: Game, seat: int, card: int, where: str) -> None:
    if seat < 0:
        return
    touched(game, seat, card)   # (kept only in a match with Remnants: touched() looks)
    if where == "center_row":
        card_renown(game, seat, card)
    if "on_acquire" in game.ctx.tables.effect_keys:   # (a Legends card's "When you acquire this")
        game.push(card, "on_acquire", seat)


@hookimpl
def asc_card_defeated(game: Game, seat: int, card: int, where: str) -> None:
    if seat < 0 or where != "center_row":
        return
    card_renown(game, seat, card)
    turn: dict[str, Any] = (game.ext.get("legendary") or track(game))["turn"]
    echo: dict[str, int] | None = turn.get("echo") if turn else None   # Raiyna, Riftwalker
    if echo:
        for _again in range(echo.pop(seat_key(seat), 0)):
            verbs.repeat_reward(game, seat, card)


def _reads_plays(tables) -> bool:
    """Whether a match's cards need what :func:`asc_card_played` keeps: Emissaries, or the Remnants'
    factions played this turn (no other match calls it, nothing per card played)."""
    return "emissary" in tables.keywords or READS_TOUCHED in tables.verbs


@hookimpl(serves=_reads_plays)
def asc_card_played(game: Game, seat: int, card: int) -> None:
    """Cards played this turn: their factions (the Remnants) and the Emissaries among them. This
    runs before the card's own effect, so a waiting Unite-Emissary resolves after the new
    Emissary's effect."""
    touched(game, seat, card)
    if "emissary" in game.card(card).keywords:
        turn_list(game, "emissaries", seat).append(card)
        verbs.fire_waiting_emissaries(game, seat)


@hookimpl
def asc_turn_ended(game: Game, seat: int) -> None:
    t: dict[str, Any] = game.ext.get("legendary") or track(game)
    turn: dict[str, Any] = t["turn"]
    if not turn:   # (most turns: nothing happened on the Track that outlasts them)
        return
    boons: dict[str, list[str]] | None = turn.get("boons")
    lost = boons.get(seat_key(seat)) if boons else None
    if lost:
        characters: dict[str, int] = t["characters"]
        for faction in lost:
            game.emit("boon_lost", seat, characters[faction], where=faction)
    t["turn"] = {}


# ------------------------------------------------------------------------ Boons and Legendary status
@hookimpl
def asc_extra_actions(game: Game, seat: int) -> list[tuple] | NothingUntilChanged | None:
    """Boons earned and free takes of Legendary status. With no Boon waiting to be used this turn
    and no Legendary status anywhere (most of a game), nothing for any seat until Renown brings
    one (``gain_renown`` says so), so the engine need not ask at every decision meanwhile."""
    t: dict[str, Any] = game.ext.get("legendary") or track(game)   # (made at the start; a plugin may join later)
    turn: dict[str, Any] = t["turn"]
    boons: dict[str, list[str]] | None = turn.get("boons") if turn else None   # (empty most of a turn)
    status: dict[str, list[str]] = t["status"]
    # (Boons earned this turn all used? A generator, which the compiled build runs as a loop; any() of
    # the values themselves was a call into Python at most decisions of a turn that earned one.)
    if not status and (not boons or not any(earned for earned in boons.values())):
        return NOTHING_UNTIL_CHANGED
    key = seat_key(seat)
    out: list[tuple] | None = None
    if boons:
        earned = boons.get(key)
        if earned:
            out = [("boon", f) for f in FACTIONS if f in earned]  # two Boons of one faction: one option, twice
    legends = status.get(key)
    if not legends:
        return out
    out = out or []
    used: list[str] = turn.get("used", {}).get(key, []) if turn else []
    for f in legends:
        if f not in used:
            out += [("legendary", f, c) for c in game.center_row if c is not None and f in game.card(c).factions]
    return out


@hookimpl
def asc_apply_action(game: Game, option: tuple) -> bool | None:
    kind, seat = option[0], game.current
    t = track(game)
    if kind == "boon":
        faction: str = option[1]
        boons: dict[str, list[str]] = t["turn"]["boons"]
        boons[seat_key(seat)].remove(faction)
        characters: dict[str, int] = t["characters"]
        card: int = characters[faction]
        game.emit("boon_used", seat, card, where=faction)
        game.push(card, "boon", seat)
        return True
    if kind == "legendary":
        faction, card = option[1], option[2]
        turn_list(game, "used", seat).append(faction)
        game.emit("legendary_used", seat, card, where=faction)
        if game.card(card).type == "monster":
            game.defeat(seat, card)
        else:
            game.acquire(seat, card)
        return True
    return None


@hookimpl
def asc_option_label(game, option):
    kind = option[0]
    if kind == "boon":
        d = game.card(track(game)["characters"][option[1]])
        return _("Boon of {card}: {boon}").format(card=d.name, boon=boon_text(d))
    if kind == "legendary":
        said = (_("Legendary status: defeat {card} for free ({faction})") if game.card(option[2]).type == "monster"
                else _("Legendary status: acquire {card} for free ({faction})"))
        return said.format(card=game.name_of(option[2]), faction=faction_name(option[1]))
    if kind == "free":  # Shadow Mender with Legendary status
        return _("Defeat {card} for free (Legendary status: {faction})").format(
            card=game.name_of(option[1]), faction=faction_name(option[2]))
    return None


# The same options in a bot's words, from the card data alone (a bot explaining its move has no game)
_USE_BOON = {"enlightened": N_("Use the enlightened Boon"), "lifebound": N_("Use the lifebound Boon"),
             "mechana": N_("Use the mechana Boon"), "void": N_("Use the void Boon")}
_TAKE_LEGENDARY = {"enlightened": N_("Take {card} (Legendary enlightened)"),
                   "lifebound": N_("Take {card} (Legendary lifebound)"),
                   "mechana": N_("Take {card} (Legendary mechana)"), "void": N_("Take {card} (Legendary void)")}


def _use_boon(defs: list, option: tuple, seat_name: Any) -> str:
    return _(_USE_BOON[option[1]])


def _take_legendary(defs: list, option: tuple, seat_name: Any) -> str:
    return _(_TAKE_LEGENDARY[option[1]]).format(card=card_name(defs[option[2]].name))


def _defeat_free(defs: list, option: tuple, seat_name: Any) -> str:
    return _("Defeat {card} for free (Legendary status: {faction})").format(
        card=card_name(defs[option[1]].name), faction=faction_name(option[2]))


@hookimpl
def asc_option_words():
    return {"boon": _use_boon, "legendary": _take_legendary, "free": _defeat_free}


def _initial(faction: str) -> str:
    """A faction's initial before its Renown in a status line ("E3 · L0 · M5 · V12★")."""
    return {"enlightened": pgettext("Renown path", "E"), "lifebound": pgettext("Renown path", "L"),
            "mechana": pgettext("Renown path", "M"), "void": pgettext("Renown path", "V")}[faction]


@hookimpl
def asc_public_status(game, seat):
    """Renown per faction (★ at Legendary status) and the Boons waiting to be used this turn; a
    seat with no Renown on the track (Samael, who gains none) shows none. It only reads: a status
    asked for never changes the game."""
    row = track(game)["renown"].get(seat_key(seat))
    if row is None:
        return []
    marks = " · ".join(f"{_initial(f)}{row[f]}{'★' if row[f] >= LEGEND else ''}" for f in FACTIONS)
    out = [(_("Renown"), marks)]
    boons = track(game)["turn"].get("boons", {}).get(seat_key(seat))
    if boons:
        out.append((_("Boons"), ", ".join(game.name_of(track(game)["characters"][f]) for f in boons)))
    return out
from .bot import asc_bot_advice  # noqa: E402,F401  (the bots read the track through this hook)
