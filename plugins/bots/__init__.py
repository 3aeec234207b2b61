"""The built-in bots, offered through ``asc_bots`` as a third-party package offers its own:
random, greedy (also called easy), medium and hard (see :mod:`.tiers`)."""
from __future__ import annotations

from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import BotKind, PluginInfo

from .tiers import EasyBot, GreedyBot, HardBot, MediumBot, RandomBot

PLUGIN = PluginInfo(name="bots", summary="The built-in bots: random, easy (greedy), medium and hard.")


@hookimpl(tryfirst=True)   # asked first, so no other plugin takes the tiers' names
def asc_bots():
    return [BotKind("random", RandomBot, "uniformly random among the legal options"),
            BotKind("greedy", GreedyBot, "the easy tier's older name", same_as="easy"),
            BotKind("easy", EasyBot, "plays everything, takes the best honor plus cost it can afford"),
            BotKind("medium", MediumBot, "heuristics: deck economy, faction synergy, Renown, the honor race"),
            BotKind("hard", HardBot, "determinized rollouts over the medium plan")]
