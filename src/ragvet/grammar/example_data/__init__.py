"""Data files of the bundled GRAMMAR example (company rows and templates)."""
