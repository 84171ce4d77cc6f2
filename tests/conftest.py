"""Shared fixtures. Tests never reach the network: sockets to non-loopback hosts fail."""

from __future__ import annotations

import socket

import pytest

_real_connect = socket.socket.connect


def _loopback_only(self, address, *args, **kwargs):
    host = address[0] if isinstance(address, tuple) else address
    if isinstance(host, str) and host not in {"127.0.0.1", "localhost", "::1"} and \
            not host.startswith("/"):
        raise OSError(f"tests may not reach the network (tried {address!r})")
    return _real_connect(self, address, *args, **kwargs)


@pytest.fixture(autouse=True)
def _no_network(monkeypatch):
    monkeypatch.setattr(socket.socket, "connect", _loopback_only)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
