"""`ragvet serve`: the local dashboard over a results store."""

from __future__ import annotations

from typing import Annotated

import typer

from . import console as ui
from .runs import StoreOption, open_store_or_exit


def serve(store: StoreOption = None,
          host: Annotated[str, typer.Option(help="Address to bind")] = "127.0.0.1",
          port: Annotated[int, typer.Option(help="Port (0 picks a free one)")] = 8000,
          allow_remote: Annotated[bool, typer.Option(
              "--allow-remote",
              help="Allow binding to a non-loopback address (no login: anyone who can reach "
                   "it can read every stored run)")] = False) -> None:
    """Serve the dashboard: runs, run overview, record drill-down, two runs side by side."""
    from ..report.serve import is_loopback, make_dashboard_server

    if not is_loopback(host):
        if not allow_remote:
            ui.errors.print(f"refusing to bind to {host}: the dashboard has no login. "
                            "Pass --allow-remote to expose it anyway.", highlight=False,
                            markup=False)
            raise typer.Exit(2)
        ui.errors.print(f"WARNING: serving on {host} without a login; anyone who can reach "
                        "this address can read every stored run.", style="bold yellow",
                        highlight=False, markup=False)
    opened = open_store_or_exit(store, create=True)  # an empty store shows "no runs yet"
    try:
        server = make_dashboard_server(opened, host, port)
    except OSError as err:
        opened.close()
        ui.errors.print(f"cannot bind {host}:{port}: {err}", highlight=False, markup=False)
        raise typer.Exit(2) from err
    bound_port = server.server_address[1]
    shown = f"[{host}]" if ":" in host else host
    ui.console.print(f"ragvet dashboard on http://{shown}:{bound_port}/ (Ctrl-C to stop)",
                     highlight=False, markup=False)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        opened.close()


def register(app: typer.Typer) -> None:
    app.command()(serve)
