"""Ascension Legends' Legendary Track, a variant for any mix of sets: its rules and hooks are in
:mod:`.rules` (the plugin's entry point), the track's state in :mod:`.track`. They are modules
of their own, not this package's ``__init__``, so that the compiled build can compile them."""
