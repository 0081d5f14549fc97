"""The pipeline's stages as plain functions with typed inputs and outputs.

The CLI runner (:mod:`pipeline.runner`) and the Prefect flows (:mod:`flows`) call exactly these; neither holds
stage logic of its own. A stage that cannot do its work returns a failed :class:`~pipeline.models.Record`
instead of raising, so one bad input never stops a batch::

    identify(path, root, settings)             -> SourceFile | Record(failed)
    cache_key(source, settings)                -> str
    prepare(source, settings, pages_dir, key)  -> Prepared | Record(failed)      (load, OCR, classify)
    classify(document, settings)               -> Classification
    engine_options(settings)                   -> dict      (validated, nothing loaded)
    make_engine(settings)                      -> Engine
    extract(prepared_batch, engine)            -> list[EngineResult]             (one per Prepared, in order)
    finalize(prepared, result, settings, provenance) -> Record                   (validate, ground, route)
    duplicate_record(original, source)         -> Record                         (a byte-identical copy)
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.base import Engine, EngineRequest, EngineResult, Provenance
from engine.errors import EngineError, EngineOptionsError
from engine.registry import create_engine, engine_class
from pipeline.classify import Classification, classify_words
from pipeline.config import Settings
from pipeline.errors import ConfigError, InputError, PipelineError
from pipeline.models import Document, ErrorItem, FileKind, Record, SourceFile, Status, TextSource
from pipeline.reconcile import read_adjustments, reconcile
from pipeline.route import route
from pipeline.unread import check_tables
from pipeline.validate import check_fields, validate_data, validation_tolerance
from schemas import get_schema, list_schemas, schema_fingerprint

__all__ = [
    "DUPLICATE_CODE",
    "Prepared",
    "cache_key",
    "classify",
    "duplicate_record",
    "engine_options",
    "error_item",
    "extract",
    "failed_record",
    "finalize",
    "identify",
    "is_final",
    "make_engine",
    "prepare",
    "source_kind",
]

logger = logging.getLogger(__name__)

DUPLICATE_CODE = "input.duplicate"
#: stages whose failures may pass on a rerun (an engine server that was down, a worker that was killed)
_RETRYABLE_STAGES = frozenset({"engine", "prepare"})


class Prepared(BaseModel):
    """A document ready for the engine: its words and images, its type, its cache key, and stage timings."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    source: SourceFile
    document: Document
    classification: Classification
    cache_key: str
    seconds: dict[str, float] = Field(default_factory=dict)

    @property
    def doc_type(self) -> str:
        return self.classification.doc_type


# ------------------------------------------------------------------------------------------- helpers


def error_item(exc: BaseException, stage: str | None = None) -> ErrorItem:
    """An :class:`ErrorItem` for an exception: typed pipeline and engine errors keep their stage and code."""
    if isinstance(exc, PipelineError):
        return ErrorItem(stage=stage or exc.stage, code=exc.code, message=exc.message)
    if isinstance(exc, EngineError):
        return ErrorItem(stage=stage or "engine", code=exc.code, message=str(exc))
    if isinstance(exc, MemoryError):
        return ErrorItem(stage=stage or "pipeline", code=f"{stage or 'pipeline'}.out_of_memory",
                         message="ran out of memory while processing this file")
    message = str(exc) or type(exc).__name__
    return ErrorItem(stage=stage or "pipeline", code=f"{stage or 'pipeline'}.crash",
                     message=f"unexpected {type(exc).__name__}: {message}")


def failed_record(source: SourceFile | str, errors: list[ErrorItem], *, sha256: str | None = None,
                  seconds: dict[str, float] | None = None, key: str | None = None) -> Record:
    """The record of an input that produced no usable data."""
    name = source.source if isinstance(source, SourceFile) else source
    digest = source.sha256 if isinstance(source, SourceFile) else sha256
    return Record(source=name, sha256=digest, status=Status.FAILED, errors=errors, cache_key=key,
                  metrics=_metrics(seconds=dict(seconds or {})))


def _metrics(*, pages: int = 0, words: int = 0, kind: str | None = None, canvases: int = 0, steps: int = 0,
             forwards: int = 0, tokens_per_forward: float = 0.0, classification: dict | None = None,
             seconds: dict[str, float] | None = None) -> dict:
    """Every record's ``metrics`` has the same keys (a failed input has zeros), so results load as a table."""
    return {
        "pages": pages, "words": words, "source_kind": kind, "canvases": canvases, "denoising_steps": steps,
        "forward_passes": forwards, "tokens_per_forward": round(tokens_per_forward, 3),
        "classification": classification, "seconds": dict(seconds or {}),
    }


def is_final(record: Record) -> bool:
    """Whether a stored record stands on a rerun with the same cache key.

    Failures of the engine or of a worker process may be transient and are retried; everything else is final.
    """
    if record.status is not Status.FAILED:
        return True
    return not any(e.stage in _RETRYABLE_STAGES for e in record.errors)


def source_kind(document: Document) -> str:
    """``born_digital`` (text layer), ``scanned`` (OCR), ``mixed`` or ``text`` (a plain-text file)."""
    sources = {p.text_source for p in document.pages}
    if not sources:
        return "text" if document.source.kind is FileKind.TEXT else "unknown"
    if sources <= {TextSource.PLAIN_TEXT}:
        return "text"
    ocr = {TextSource.TESSERACT, TextSource.RAPIDOCR}
    if sources <= ocr:
        return "scanned"
    if sources & ocr:
        return "mixed"
    return "born_digital"


# ---------------------------------------------------------------------------------------------- stages


def identify(path: Path, root: Path, settings: Settings) -> SourceFile | Record:
    """Size, SHA-256 and real type of one input; a failed record when the file is unusable."""
    from pipeline import ingest

    t0 = time.perf_counter()
    try:
        return ingest.identify(Path(path), Path(root), settings.limits)
    except Exception as exc:  # noqa: BLE001 - an input must never stop the batch
        name = ingest.relative_source(Path(path), Path(root))
        if not isinstance(exc, InputError):
            logger.exception("%s: identify crashed", name)
        return failed_record(name, [error_item(exc, "ingest")],
                             seconds={"ingest": round(time.perf_counter() - t0, 4)})


def _doc_type_spec(settings: Settings) -> str:
    """The part of the cache key that says which document types were possible."""
    if settings.schemas.doc_type:
        model = get_schema(settings.schemas.doc_type)
        return f"{model.doc_type}@{model.schema_version}:{schema_fingerprint(model)}"
    return "auto:" + ",".join(f"{m.doc_type}@{m.schema_version}:{schema_fingerprint(m)}" for m in list_schemas())


def cache_key(source: SourceFile, settings: Settings) -> str:
    """Rerun key of one input: content hash + document type(s) and schema fingerprints + engine settings
    (:meth:`Settings.engine_key`) + input limits.

    With ``--doc-type`` the key names that type; otherwise it covers every registered type (a changed schema
    may change the classification). Computable before the document is opened, so an unchanged input is not
    even OCR'd again.
    """
    # limits decide whether a file is read at all: raising max_pages must retry a too_many_pages failure
    limits = settings.limits.model_dump(exclude={"document_timeout_s"})
    blob = json.dumps([source.sha256, _doc_type_spec(settings), settings.engine_key(), limits], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def classify(document: Document, settings: Settings) -> Classification:
    """The document's type: ``settings.schemas.doc_type`` when set, else the keyword guess."""
    return classify_words(document.words, settings.schemas.doc_type)


def prepare(source: SourceFile, settings: Settings, pages_dir: Path | None = None,
            key: str | None = None) -> Prepared | Record:
    """Open the document (text layer or OCR, page images) and classify it; a failed record on any error
    except :class:`ConfigError`, which stops the run.

    Runs in a worker process when ``settings.workers > 1``: everything in and out pickles.
    """
    from pipeline.ocr import load_document

    key = key or cache_key(source, settings)
    seconds: dict[str, float] = {}
    t0 = time.perf_counter()
    try:
        document = load_document(source, settings, pages_dir=pages_dir)
    except ConfigError:
        raise  # a setting that cannot work (e.g. missing OCR language data) stops the run
    except Exception as exc:  # noqa: BLE001
        if not isinstance(exc, PipelineError):
            logger.exception("%s: loading crashed", source.source)
        seconds["load"] = round(time.perf_counter() - t0, 4)
        return failed_record(source, [error_item(exc, None if isinstance(exc, PipelineError) else "ocr")],
                             seconds=seconds, key=key)
    seconds.update({k: round(v, 4) for k, v in document.seconds.items()})
    if not document.seconds:
        seconds["load"] = round(time.perf_counter() - t0, 4)
    t1 = time.perf_counter()
    try:
        classification = classify(document, settings)
    except PipelineError as exc:
        return failed_record(source, [error_item(exc)], seconds=seconds, key=key)
    seconds["classify"] = round(time.perf_counter() - t1, 4)
    return Prepared(source=source, document=document, classification=classification, cache_key=key,
                    seconds=seconds)


def engine_options(settings: Settings) -> dict[str, Any]:
    """The options the engine named in settings will get, validated against its options model (nothing is
    loaded). ``engine.model`` / ``engine.urls`` fill the backend's options of the same name. Raises engine errors
    (unknown name, bad options) or :class:`ConfigError` when ``--model``/``--url`` is given to a backend that
    takes none."""
    cls = engine_class(settings.engine.name)
    options = dict(settings.engine.options)
    fields = cls.Options.model_fields
    for key, value in (("model", settings.engine.model), ("urls", settings.engine.urls or None)):
        if value is None or key in options:
            continue
        if key not in fields:
            flag = "--model" if key == "model" else "--url"
            raise ConfigError(f"engine {settings.engine.name!r} takes no {key} ({flag}); "
                              f"its options are: {', '.join(fields) or '(none)'}")
        options[key] = value
    try:
        cls.Options.model_validate(options)
    except ValidationError as exc:
        raise EngineOptionsError(f"invalid options for engine {settings.engine.name!r}: {exc}") from exc
    return options


def make_engine(settings: Settings) -> Engine:
    """Build (and load) the engine named in settings with :func:`engine_options`."""
    return create_engine(settings.engine.name, engine_options(settings))


def _crash_result(request_id: str, exc: BaseException) -> EngineResult:
    item = error_item(exc, "engine")
    return EngineResult(id=request_id, error_code=item.code, error=item.message)


def _request(prepared: Prepared) -> EngineRequest:
    return EngineRequest(id=prepared.source.source, words=prepared.document.words, images=prepared.document.images,
                         target=get_schema(prepared.doc_type))


def extract(prepared: list[Prepared], engine: Engine) -> list[EngineResult]:
    """One engine call for a batch; one result per document, in order.

    A batch that raises is retried document by document so one poisonous document fails alone; a document
    whose call still raises gets a result with ``error`` set and no data.
    """
    if not prepared:
        return []
    requests = [_request(p) for p in prepared]
    t0 = time.perf_counter()
    try:
        results = engine.extract_batch(requests)
    except Exception as exc:  # noqa: BLE001
        if len(requests) == 1 or (isinstance(exc, EngineError) and exc.retryable):
            # a server that is down fails every document alike: no point in calling it once per document
            logger.warning("engine failed on %d document(s): %s", len(requests), exc)
            return [_crash_result(r.id, exc) for r in requests]
        logger.warning("engine batch of %d failed (%s); retrying one by one", len(requests), exc)
        return [extract([p], engine)[0] for p in prepared]
    elapsed = time.perf_counter() - t0
    by_id: dict[str, EngineResult] = {}
    for r in results:
        by_id.setdefault(r.id, r)
    out: list[EngineResult] = []
    for i, req in enumerate(requests):
        result = results[i] if i < len(results) and results[i].id == req.id else by_id.get(req.id)
        if result is None:
            result = EngineResult(id=req.id, error_code="engine.missing_result",
                                  error="the engine returned no result for this document")
        if not result.stats.seconds:
            result = result.model_copy(update={"stats": result.stats.model_copy(
                update={"seconds": elapsed / len(requests)})})
        out.append(result)
    return out


def finalize(prepared: Prepared, result: EngineResult, settings: Settings,
             provenance: Provenance | None = None) -> Record:
    """Validate, ground and route one document's engine result into its record."""
    t0 = time.perf_counter()
    model = get_schema(prepared.doc_type)
    errors: list[ErrorItem] = []
    if prepared.classification.reason is not None:
        errors.append(prepared.classification.reason)
    if result.error or result.error_code:
        errors.append(ErrorItem(stage="engine", code=result.error_code or "engine.error",
                                message=result.error or "the engine reported an error"))
    elif result.data is None:
        errors.append(ErrorItem(stage="engine", code="engine.no_data", message="the engine returned no data"))
    data = None
    fields = {}
    adjustments = []
    if result.data is not None:
        adjustments = read_adjustments(prepared.document.words, model)
        validation = validate_data(result.data, model, settings)
        data = validation.data
        errors.extend(reconcile(validation.errors, data, adjustments, validation_tolerance(settings)))
        check = check_fields(data, model, prepared.document.words, result.fields, settings)
        fields = check.fields
        errors.extend(check.errors)
        errors.extend(check_tables(data, model, prepared.document.words))
    status = route(data, errors)
    seconds = dict(prepared.seconds)
    seconds["engine"] = round(result.stats.seconds, 4)
    seconds["validate"] = round(time.perf_counter() - t0, 4)
    stats = result.stats
    metrics = _metrics(
        pages=len(prepared.document.pages), words=len(prepared.document.words),
        kind=source_kind(prepared.document), canvases=stats.canvases, steps=sum(stats.denoising_steps),
        forwards=stats.forward_passes, tokens_per_forward=stats.tokens_per_forward,
        classification={"confidence": prepared.classification.confidence,
                        "forced": prepared.classification.forced},
        seconds=seconds,
    )
    if provenance is not None:
        provenance = provenance.model_copy(update={"schema_version": model.schema_version})
    return Record(source=prepared.source.source, sha256=prepared.source.sha256, doc_type=prepared.doc_type,
                  status=status, data=data, fields=fields, errors=errors, provenance=provenance,
                  metrics=metrics, cache_key=prepared.cache_key, adjustments=adjustments)


def duplicate_record(original: Record, source: SourceFile, key: str | None = None) -> Record:
    """The record of a byte-identical copy of ``original``: processed once, flagged here.

    The copy carries the original's type, status, data and fields (so it is accounted for like the original)
    plus an ``input.duplicate`` note and ``duplicate_of``. It gets no ``accepted/`` file and no review-queue
    row of its own: systems that book documents should skip records whose ``duplicate_of`` is set.
    """
    note = ErrorItem(stage="ingest", code=DUPLICATE_CODE,
                     message=f"byte-identical to {original.source}; processed once, results copied")
    return original.model_copy(update={
        "source": source.source, "sha256": source.sha256, "duplicate_of": original.source,
        "errors": [*original.errors, note], "cache_key": key or original.cache_key, "audit": None,
    }, deep=True)
