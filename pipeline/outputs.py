"""Everything a run writes under ``--out``, behind one object the CLI runner and the flows share.

::

    OUT/results.jsonl          one record per input of the latest run (rewritten atomically at the end)
    OUT/accepted/<source>.json the validated data of each accepted document (subfolders mirrored)
    OUT/pages/<sha256[:16]>/   page images of documents in review (the reviewer's view)
    OUT/review.sqlite          the review queue (unless review.database_url points elsewhere)
    OUT/.state.sqlite          the results store that makes reruns idempotent
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

from pipeline.config import Settings
from pipeline.models import Record, Status
from pipeline.review import ReviewQueue, database_url
from pipeline.stages import Prepared, is_final
from pipeline.store import RESULTS_FILE, STATE_FILE, ResultStore, sync_accepted, write_results

__all__ = ["RunOutputs"]

logger = logging.getLogger(__name__)


class RunOutputs:
    """The output folder of a run: results store, review queue, accepted files, page images, results file.

    Call :meth:`begin` with the run's sources in input order, then for each input either :meth:`lookup` +
    :meth:`reuse` (unchanged since the last run) or :meth:`publish` (a new record), and :meth:`finish` to write
    ``results.jsonl``.
    """

    def __init__(self, out_dir: Path, settings: Settings) -> None:
        self.out_dir = Path(out_dir).resolve()
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.settings = settings
        self.store = ResultStore(self.out_dir / STATE_FILE)
        self.queue = ReviewQueue(database_url(self.out_dir, settings))
        self.run_id: str | None = None
        self._positions: dict[str, int] = {}

    @property
    def results_path(self) -> Path:
        return self.out_dir / RESULTS_FILE

    def begin(self, sources: list[str]) -> str:
        """Start a run over ``sources`` (input order); returns the run id."""
        self.run_id = self.store.begin_run()
        self._positions = {s: i for i, s in enumerate(sources)}
        return self.run_id

    def pages_dir(self, source: str | None = None) -> Path | None:
        """The folder given to the loader for page images (None when they are not kept). The loader files
        them by content (``pages/<sha256[:16]>/page-N.png``), so one folder serves every source."""
        if not self.settings.ocr.keep_page_images:
            return None
        return self.out_dir / "pages"

    def lookup(self, source: str, key: str, sha256: str) -> Record | None:
        """The stored record of ``source`` if it still stands: same cache key and final, or resolved by a person
        for the same bytes (a human correction survives changed settings)."""
        stored = self.store.get(source)
        if stored is None:
            return None
        if stored.record.audit is not None and stored.record.sha256 == sha256:
            return stored.record
        if stored.cache_key == key and stored.final and stored.record.sha256 == sha256:
            return stored.record
        return None

    def reuse(self, record: Record) -> None:
        """Count an unchanged stored record in this run. Its accepted file and queue row are checked, not
        redone: a run that crashed between storing a record and writing its files is completed here."""
        self.store.touch(record.source, self._run(), self._positions.get(record.source, len(self._positions)))
        sync_accepted(self.out_dir, record)
        self.queue.sync(record, self.out_dir)

    def publish(self, record: Record, prepared: Prepared | None = None) -> None:
        """Store a new record and bring accepted files, the review queue and page images in line with it."""
        self.store.put(record, final=is_final(record), run_id=self._run(),
                       position=self._positions.get(record.source, len(self._positions)))
        sync_accepted(self.out_dir, record)
        images: list[str] = []
        if prepared is not None:
            for page in prepared.document.pages:
                if page.image_path is not None:
                    path = Path(page.image_path)
                    try:
                        images.append(path.resolve().relative_to(self.out_dir).as_posix())
                    except ValueError:
                        images.append(str(path))
        self.queue.sync(record, self.out_dir, images)
        if record.status is not Status.REVIEW and record.duplicate_of is None:
            self._drop_pages(record)

    def _drop_pages(self, record: Record) -> None:
        """Page images are kept for the reviewer only: remove those of a document that needs no review."""
        if not record.sha256:
            return
        from pipeline.ocr import page_image_path

        folder = page_image_path(self.out_dir / "pages", record.sha256, 0).parent
        if folder.is_dir() and self.out_dir in folder.resolve().parents:
            shutil.rmtree(folder, ignore_errors=True)

    def finish(self) -> list[Record]:
        """Write ``results.jsonl`` from the store (this run's sources, input order); returns the records."""
        records = self.store.run_records(self._run())
        write_results(self.results_path, records)
        return records

    def _run(self) -> str:
        if self.run_id is None:
            raise RuntimeError("RunOutputs.begin() was not called")
        return self.run_id

    def close(self) -> None:
        self.store.close()
        self.queue.close()

    def __enter__(self) -> RunOutputs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
