"""Private helpers shared across ragvet's modules; nothing here is public API."""
