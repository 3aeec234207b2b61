"""Finding plugins (entry points in the ``ascension`` group) and building a match's manager.

Built-in plugins are found exactly as third-party ones are. Each plugin module declares
``PLUGIN = PluginInfo(...)``. A plugin that fails to import, lacks ``PLUGIN`` or implements a
hook that does not exist is reported by name and left out; the others still load.
"""
from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.metadata import entry_points
from types import ModuleType

import pluggy

from . import hookspecs
from .verbs import VerbRegistry

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PluginInfo:
    name: str
    summary: str
    variant: str | None = None        # name chosen with --variants; None = not a variant
    always: bool = False              # enabled in every match (the base rules)
    players: tuple[int, int] | None = None  # player counts the variant allows

    @property
    def solo(self) -> bool:
        """A solo variant: one player against the rules' own opponent (Samael, the Cult)."""
        return self.players == (1, 1)


@dataclass
class PluginCatalog:
    modules: dict[str, ModuleType] = field(default_factory=dict)
    infos: dict[str, PluginInfo] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    versions: dict[str, str] = field(default_factory=dict)   # plugin name -> its version (recorded with games)

    def variants(self) -> dict[str, PluginInfo]:
        return {i.variant: i for i in self.infos.values() if i.variant}


def _check_module(name: str, module: ModuleType) -> PluginInfo:
    info = getattr(module, "PLUGIN", None)
    if not isinstance(info, PluginInfo):
        raise TypeError("module has no PLUGIN = PluginInfo(...)")
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(module, name=name)
    pm.check_pending()  # raises for a hook name that is not in hookspecs
    return info


def load_catalog(extra: dict[str, str] | None = None) -> PluginCatalog:
    """Import every plugin once; ``extra`` maps name -> module path (tests, local plugins)."""
    eps = entry_points(group=hookspecs.PROJECT)
    targets = {ep.name: ep.value for ep in eps}
    versions = {ep.name: ep.dist.version for ep in eps if ep.dist is not None}
    targets.update(extra or {})
    cat = PluginCatalog()
    for name, target in sorted(targets.items()):
        try:
            module = importlib.import_module(target)
            info = _check_module(name, module)
        except Exception as exc:  # a broken third-party plugin must not stop the others
            msg = f"plugin '{name}' ({target}) was not loaded: {type(exc).__name__}: {exc}"
            log.warning(msg)
            cat.errors.append(msg)
            continue
        cat.modules[info.name] = module
        cat.infos[info.name] = info
        packaged = versions.get(name) if name not in (extra or {}) else None   # its distribution's version
        cat.versions[info.name] = str(packaged or getattr(module, "__version__", None) or "unknown")
    return cat


@lru_cache(maxsize=1)
def installed() -> PluginCatalog:
    return load_catalog()


class MatchManager(pluggy.PluginManager):
    """pluggy's manager, remembering which attributes of a module are hooks: every match builds
    its own manager, and finding hooks by static introspection was most of a game's set-up."""
    _spec_opts: dict = {}
    _impl_opts: dict = {}

    def __init__(self, project_name: str):
        super().__init__(project_name)
        self.listeners: list = []   # called when a plugin joins or leaves a running match (Context)

    def register(self, plugin, name=None):
        registered = super().register(plugin, name)
        for listener in self.listeners:
            listener()
        return registered

    def unregister(self, plugin=None, name=None):
        removed = super().unregister(plugin, name)
        for listener in self.listeners:
            listener()
        return removed

    def parse_hookspec_opts(self, module_or_class, name):
        key = (module_or_class, name)
        if key not in self._spec_opts:
            self._spec_opts[key] = super().parse_hookspec_opts(module_or_class, name)
        return self._spec_opts[key]

    def parse_hookimpl_opts(self, plugin, name):
        if not isinstance(plugin, ModuleType):   # only modules are known not to change
            return super().parse_hookimpl_opts(plugin, name)
        key = (plugin, name)
        if key not in self._impl_opts:
            self._impl_opts[key] = super().parse_hookimpl_opts(plugin, name)
        return self._impl_opts[key]


def make_manager(modules: list[ModuleType]) -> pluggy.PluginManager:
    """One manager per match, holding only the plugins the match enables."""
    pm = MatchManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for module in modules:
        pm.register(module, name=module.PLUGIN.name)
    pm.check_pending()
    return pm


def setup_choices(variants: list[str]) -> list[dict]:
    """What the given variants let players choose at setup (see ``asc_setup_choices``)."""
    cat = installed()
    names = [cat.variants()[v].name for v in variants if v in cat.variants()]
    pm = make_manager([cat.modules[n] for n in names])
    return [c for rows in pm.hook.asc_setup_choices() for c in rows]


def verbs_for(pm: pluggy.PluginManager) -> VerbRegistry:
    registry = VerbRegistry()
    pm.hook.asc_register_verbs(registry=registry)
    return registry
