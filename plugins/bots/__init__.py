"""The built-in bots, offered through ``asc_bots`` as a third-party package offers its own:
random, greedy (also called easy), medium and hard (see :mod:`.tiers`), and expert (:mod:`.expert`)."""
from __future__ import annotations

from ascension.core.hookspecs import hookimpl
from ascension.core.i18n import N_
from ascension.core.plugins import BotKind, PluginInfo

from .expert import ExpertBot
from .tiers import EasyBot, GreedyBot, HardBot, MediumBot, RandomBot

PLUGIN = PluginInfo(name="bots", summary=N_("The built-in bots: random, easy (greedy), medium, hard and expert."))


@hookimpl(tryfirst=True)   # asked first, so no other plugin takes the tiers' names
def asc_bots():
    return [BotKind("random", RandomBot, N_("uniformly random among the legal options")),
            BotKind("greedy", GreedyBot, N_("the easy tier's older name"), same_as="easy"),
            BotKind("easy", EasyBot, N_("plays everything, takes the best honor plus cost it can afford")),
            BotKind("medium", MediumBot, N_("heuristics: deck economy, faction synergy, Renown, the honor race")),
            BotKind("hard", HardBot, N_("determinized rollouts over the medium plan"), slow=True),
            BotKind("expert", ExpertBot, N_("the hard bot's rollouts, more of them where the choice is close, judged by what self-play taught"),
                    slow=True)]
