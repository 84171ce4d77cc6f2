"""The package version, in a module of its own so that any part of ragvet can read it
without importing the package root (and everything the root imports)."""

__version__ = "0.1.0"
