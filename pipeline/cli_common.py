"""Shared pieces of the ``extract`` command line: consoles, logging, settings, exit codes."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.logging import RichHandler

from pipeline.config import Settings, load_settings
from pipeline.errors import ConfigError

__all__ = [
    "EXIT_BROKEN",
    "EXIT_OK",
    "EXIT_USAGE",
    "cli_settings",
    "emit_json",
    "fail",
    "setup_logging",
    "stderr",
    "stdout",
]

EXIT_OK = 0
#: the run broke (an unexpected error), or an operation was refused (a correction that does not validate)
EXIT_BROKEN = 1
#: usage: bad arguments, missing input folder, bad config, unknown engine or document type
EXIT_USAGE = 2

#: progress, the run summary and messages go to stderr
stderr = Console(stderr=True)
#: listings (``schemas list``, ``review list``) and ``--json`` go to stdout
stdout = Console()


def setup_logging(verbosity: int) -> None:
    """``-v`` → INFO, ``-vv`` → DEBUG, default WARNING; rich-formatted on stderr."""
    level = logging.WARNING if verbosity <= 0 else logging.INFO if verbosity == 1 else logging.DEBUG
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_extract_cli", False):
            root.removeHandler(handler)
    handler = RichHandler(console=stderr, show_path=verbosity >= 2, rich_tracebacks=verbosity >= 2,
                          markup=False, show_time=verbosity >= 1)
    handler._extract_cli = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)
    if verbosity < 2:  # third-party chatter only at -vv
        for name in ("httpx", "httpcore", "urllib3", "PIL", "filelock", "transformers", "torch"):
            logging.getLogger(name).setLevel(max(level, logging.WARNING))


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``error: message`` on stderr and exit with ``code``."""
    stderr.print(f"[bold red]error:[/] {message}", highlight=False, markup=True, soft_wrap=True)
    raise typer.Exit(code)


def cli_settings(config: Path | None = None, **overrides: Any) -> Settings:
    """Settings from ``--config``, the environment and flags; a usage error (exit 2) when they do not load."""
    try:
        return load_settings(config, **overrides)
    except ConfigError as exc:
        fail(exc.message)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'settings'}: {e['msg']}" for e in exc.errors())
        fail(f"invalid settings: {problems}")
    except (OSError, ValueError) as exc:  # e.g. a TOML syntax error
        fail(f"cannot read settings: {exc}")


def emit_json(payload: Any) -> None:
    """Machine-readable output on stdout."""
    sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()
