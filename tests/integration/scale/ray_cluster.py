"""A real two-node Ray cluster on this machine for tests: `ray start --head` plus one worker
node (`ray start --address`), token auth on, usage stats off, state in a short temporary
directory. Every process it starts is found by that directory and stopped by its id."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

RAY = str(Path(sys.executable).with_name("ray"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class LocalRayCluster:
    head_cpus: int = 2
    worker_cpus: int = 2
    port: int = field(default_factory=free_port)
    temp_dir: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="rgv", dir="/tmp")))
    env: dict[str, str] = field(default_factory=dict)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> LocalRayCluster:
        self.env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "token",
                    "RAY_AUTH_TOKEN": secrets.token_hex(16)}
        self._ray("start", "--head", "--node-ip-address", "127.0.0.1", "--port",
                  str(self.port), "--num-cpus", str(self.head_cpus), "--include-dashboard",
                  "false", "--temp-dir", str(self.temp_dir), "--disable-usage-stats")
        self._ray("start", "--address", self.address, "--num-cpus", str(self.worker_cpus),
                  "--resources", '{"extra_node": 1}', "--disable-usage-stats")
        return self

    def _ray(self, *args: str) -> None:
        done = subprocess.run([RAY, *args], env=self.env, capture_output=True, text=True,
                              timeout=120)
        if done.returncode != 0:
            self.stop()
            raise RuntimeError(f"ray {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")

    def use(self, monkeypatch) -> None:
        """Make this process's driver use the cluster's token."""
        for key in ("RAY_USAGE_STATS_ENABLED", "RAY_AUTH_MODE", "RAY_AUTH_TOKEN"):
            monkeypatch.setenv(key, self.env[key])

    def pids(self, marker: str | None = None) -> list[int]:
        """Processes whose command line names this cluster's directory (and `marker`)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if entry.name != str(os.getpid()) and str(self.temp_dir) in line and \
                    (marker is None or marker in line):
                found.append(int(entry.name))
        return found

    def node_addresses(self) -> set[str]:
        """The addresses the cluster's raylets listen on (Ray may rewrite 127.0.0.1 to the
        machine's address; with no network it stays on loopback)."""
        found = set()
        for pid in self.pids("--node_ip_address="):
            line = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            found |= {arg.split(b"=", 1)[1].decode() for arg in line
                      if arg.startswith(b"--node_ip_address=")}
        return found

    def worker_node_pids(self, node_id: str) -> list[int]:
        """The extra node's raylet and the processes it started."""
        raylets = self.pids(f"--node_id={node_id}")
        children = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
                    and _parent(int(p.name)) in raylets]
        return raylets + children

    def all_pids(self) -> list[int]:
        """The cluster's processes and their descendants (workers rename themselves)."""
        found = set(self.pids())
        while True:
            more = {int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
                    and _parent(int(p.name)) in found} - found
            if not more:
                return sorted(found)
            found |= more

    def stop(self) -> None:
        for signum, pause in ((signal.SIGTERM, 8.0), (signal.SIGKILL, 2.0)):
            for pid in self.all_pids():
                kill(pid, signum)
            deadline = time.time() + pause
            while self.all_pids() and time.time() < deadline:
                time.sleep(0.2)
        shutil.rmtree(self.temp_dir, ignore_errors=True)


def kill(pid: int, signum: int = signal.SIGKILL) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signum)


def _parent(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])
