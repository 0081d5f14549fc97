"""Inbox bookkeeping: claim new files, and move each one out only after its record is committed.

Layout of an inbox folder (the names are reserved; everything else in the folder is input)::

    INBOX/
      scan_0001.pdf ...                 new files (any depth), dropped by people or scanners
      processing/2025-11-29/...         claimed by a run, record not yet committed
      processed/2025-11-29/...          record committed (accepted or review)
      failed/2025-11-29/...             record committed with status failed
      .docextract/manifest.jsonl        journal of claims and moves (audit trail)
      .docextract/inbox.lock            held while a run works on the inbox

Exactly once, with crashes anywhere:

* Claiming is an atomic rename into ``processing/<day>/``; the document's source (the key of its record) is
  its path under ``processing/``, ``<day>/<name>``, so a name reused on another day is another document.
* A file leaves ``processing/`` only after its record is committed. A run that dies leaves the rest there; the
  next run first moves out every file whose record is already committed (same source and content hash), then
  processes what remains. A crash between commit and move therefore never processes a document twice, and a
  crash before commit processes it again exactly once.
* One run at a time: an exclusive ``flock`` on ``inbox.lock`` (released by the OS if the process dies).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import json
import logging
import os
import time
from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel

from pipeline.errors import ConfigError
from pipeline.ingest import discover, relative_source

__all__ = ["Claim", "Disposition", "Inbox", "InboxBusyError", "today"]

logger = logging.getLogger(__name__)


class InboxBusyError(ConfigError):
    """Another run holds the inbox lock."""

    code = "inbox.busy"


class Disposition(StrEnum):
    """Where a finished file goes."""

    PROCESSED = "processed"
    FAILED = "failed"


class Claim(BaseModel):
    """A file taken from the inbox: its source key, where it lies now, and where it came from."""

    source: str
    path: Path
    original: str


def today() -> str:
    """The local date as ``YYYY-MM-DD`` (the day folder of claims and exports)."""
    return dt.date.today().isoformat()


def _unique_name(rel: str, is_taken: Callable[[str], bool]) -> str:
    """``rel`` or, when taken, ``stem~2.ext``, ``stem~3.ext``, ... in the same folder."""
    if not is_taken(rel):
        return rel
    path = Path(rel)
    for n in range(2, 100_000):
        candidate = path.with_name(f"{path.stem}~{n}{path.suffix}").as_posix()
        if not is_taken(candidate):
            return candidate
    raise ConfigError(f"cannot find a free name for {rel!r} in the inbox")


class Inbox:
    """The folders of one inbox and the operations that move files through them."""

    RESERVED = ("processing", "processed", "failed")

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.processing = self.root / "processing"
        self.processed = self.root / Disposition.PROCESSED.value
        self.failed = self.root / Disposition.FAILED.value
        self.state_dir = self.root / ".docextract"
        self.manifest = self.state_dir / "manifest.jsonl"

    # -- setup and locking -------------------------------------------------------------------------------------

    def ensure(self) -> None:
        """Create the reserved folders (the inbox itself must exist)."""
        if not self.root.is_dir():
            raise ConfigError(f"inbox folder does not exist: {self.root}")
        for folder in (self.processing, self.processed, self.failed, self.state_dir):
            folder.mkdir(exist_ok=True)

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the inbox for one run; raises :class:`InboxBusyError` when another run holds it."""
        self.ensure()
        fh = (self.state_dir / "inbox.lock").open("a+")
        try:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise InboxBusyError(f"another run is working on the inbox {self.root}") from None
            yield
        finally:
            fh.close()  # closing releases the lock

    # -- journal -----------------------------------------------------------------------------------------------

    def journal(self, event: str, **fields: object) -> None:
        """Append one event to the manifest and flush it to disk."""
        self.state_dir.mkdir(parents=True, exist_ok=True)
        entry = {"event": event, "at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"), **fields}
        with self.manifest.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, default=str) + "\n")
            fh.flush()
            os.fsync(fh.fileno())

    def read_journal(self) -> list[dict[str, object]]:
        """All manifest events, oldest first (a torn last line from a crash is skipped)."""
        if not self.manifest.is_file():
            return []
        events = []
        for line in self.manifest.read_text(encoding="utf-8").splitlines():
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                logger.warning("skipping a damaged manifest line in %s", self.manifest)
        return events

    # -- claiming ----------------------------------------------------------------------------------------------

    def pending(self) -> list[Claim]:
        """Files claimed earlier and not yet moved out (left by a run that stopped), sorted by source."""
        if not self.processing.is_dir():
            return []
        found = discover(self.processing).files
        return [Claim(source=relative_source(p, self.processing), path=p, original="") for p in found]

    def new_files(self, *, settle_seconds: float = 0.0, exclude: Sequence[Path] = ()) -> list[Path]:
        """Files dropped into the inbox and not claimed yet, skipping ones modified in the last ``settle_seconds``
        (a scanner or copy may still be writing them) and anything under ``exclude``."""
        self.ensure()
        excluded = [self.root / name for name in self.RESERVED] + [Path(p) for p in exclude]
        files = discover(self.root, exclude=excluded).files
        if settle_seconds <= 0:
            return files
        cutoff = time.time() - settle_seconds
        ready = []
        for path in files:
            try:
                if path.stat().st_mtime <= cutoff:
                    ready.append(path)
                else:
                    logger.info("%s was modified in the last %g s; leaving it for the next run", path, settle_seconds)
            except OSError:
                continue
        return ready

    def claim(self, path: Path, *, day: str | None = None, taken: Callable[[str], bool] | None = None) -> Claim | None:
        """Move a new file into ``processing/<day>/`` and journal it; ``None`` if it vanished meanwhile.

        ``taken(source)`` reports sources already used elsewhere (e.g. records in the results store); a name
        already used that day gets a ``~N`` suffix so no record is ever overwritten.
        """
        day = day or today()
        rel = relative_source(path, self.root)

        def is_taken(candidate_rel: str) -> bool:
            source = f"{day}/{candidate_rel}"
            if any((folder / source).exists() for folder in (self.processing, self.processed, self.failed)):
                return True
            return bool(taken and taken(source))

        source = f"{day}/{_unique_name(rel, is_taken)}"
        target = self.processing / source
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.rename(path, target)
        except FileNotFoundError:
            logger.info("%s disappeared before it could be claimed", path)
            return None
        self.journal("claimed", source=source, original=rel)
        return Claim(source=source, path=target, original=rel)

    # -- finishing ---------------------------------------------------------------------------------------------

    def complete(self, claim_source: str, disposition: Disposition, *, recovered: bool = False) -> Path | None:
        """Move a committed file from ``processing/`` to ``processed/`` or ``failed/``; returns the new path.

        Call only after the file's record is committed. A file already gone (moved by an earlier attempt) is
        not an error.
        """
        origin = self.processing / claim_source
        folder = self.processed if disposition is Disposition.PROCESSED else self.failed
        target = folder / claim_source
        if not origin.exists():
            logger.debug("%s is no longer in processing/", claim_source)
            return None
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():  # a user put a file there by hand: keep both
            target = target.with_name(f"{target.stem}~{int(time.time())}{target.suffix}")
        os.rename(origin, target)
        self.journal("done", source=claim_source, disposition=disposition.value, recovered=recovered)
        self._prune_empty(origin.parent, stop=self.processing)
        return target

    @staticmethod
    def _prune_empty(folder: Path, *, stop: Path) -> None:
        """Remove ``folder`` and its parents up to (not including) ``stop`` while they are empty."""
        folder = Path(folder)
        stop = Path(stop)
        while folder != stop and stop in folder.parents:
            try:
                folder.rmdir()
            except OSError:
                return
            folder = folder.parent
