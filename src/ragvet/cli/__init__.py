"""The `ragvet` command line. Commands are thin: parse flags, call the library, render."""
