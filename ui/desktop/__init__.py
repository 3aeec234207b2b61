"""The desktop table (PySide6): ``ascension-desktop`` starts it; see app.py."""
