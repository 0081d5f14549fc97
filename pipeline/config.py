"""The one configuration object.

Values come, lowest priority first, from defaults, a TOML file (``--config extract.toml`` or ``EXTRACT_CONFIG``),
environment variables (``EXTRACT_`` prefix, ``__`` between groups: ``EXTRACT_LIMITS__MAX_PAGES=50``) and CLI
flags. Every group forbids unknown keys, so a typo fails at start-up.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict, TomlConfigSettingsSource

__all__ = [
    "EngineSettings",
    "LimitSettings",
    "OCRSettings",
    "ReviewSettings",
    "SchemaSettings",
    "Settings",
    "ValidationSettings",
    "load_settings",
]


class _Group(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LimitSettings(_Group):
    """Checked before anything is decoded."""

    max_file_mb: float = 50.0
    max_pages: int = 30
    #: per page image; Pillow's own bomb check uses the same figure
    max_pixels: int = 80_000_000
    #: a document still being opened/OCR'd after this many seconds fails (enforced in worker processes)
    document_timeout_s: float = Field(default=600.0, gt=0)


class OCRSettings(_Group):
    #: how image pages are read (a page with a text layer always uses it): auto = RapidOCR, by far the most
    #: accurate on degraded scans (Tesseract where rapidocr is not installed); tesseract = 2-3x faster, weaker
    #: on poor scans. Page orientation is judged by Tesseract OSD in every mode.
    engine: Literal["auto", "tesseract", "rapidocr"] = "auto"
    #: Tesseract languages ("eng+deu"); auto: English plus every installed one of eng, deu, fra, spa, ita, nld,
    #: pol, por (make setup installs them), so accented names and addresses are read as printed
    languages: str = "auto"
    #: where image-only PDF pages are rendered for OCR when no embedded image can be taken as is
    dpi: int = 300
    #: a page whose text layer has fewer characters than this is treated as an image
    min_text_chars: int = 30
    tessdata: str | None = None
    deskew: bool = True
    #: a photographed page: find the sheet against the surface it lies on and undo its perspective before OCR
    flatten: bool = True
    #: find check boxes in a scan's pixels (OCR drops them or reads them as letters): ☒ / ☐ words where they are
    check_boxes: bool = True
    #: read again, alone, a figure standing by itself in a table row that OCR's text detector passed over (a
    #: quantity's lone ``1``): ink of a figure's size that no word covers, cropped and recognised on its own
    lone_figures: bool = True
    #: split a word OCR read across a printed space (``BluefinTechnik``, ``137Harbor``) where its ink has a gap
    #: several times wider than those between its letters, when the pieces, read again alone, spell the word
    split_words: bool = True
    #: drop words far fainter than the page's print (a duplex sheet's back showing through a scan, mirrored)
    drop_faint: bool = True
    #: find handwriting no word covers in a scan's pixels (a signature signed in ink): a ✍ word where it is (one
    #: drawn in pen strokes on a born-digital page is always read from its drawings)
    signatures: bool = True
    #: pictures on a page with a text layer that are read for text of their own (a letterhead, a logo or a footer
    #: set as a picture: often the only place the issuer's name is printed), the largest first; 0 reads none.
    #: They are read by the page OCR engine (``engine``); words under 0.75 confidence are dropped.
    image_text_max: int = Field(6, ge=0)
    #: resolution of page images given to the engine and kept for review
    image_dpi: int = 100
    keep_page_images: bool = True


class EngineSettings(_Group):
    name: str = "embedded"
    #: local path or hub id of a checkpoint (transformers backends)
    model: str | None = None
    #: server base URLs (vllm backend)
    urls: list[str] = Field(default_factory=list)
    batch_size: int = 4
    #: batches' worth of prepared documents pooled and sorted by length before extraction, so that each batch
    #: holds documents of similar length (less padding); 1 extracts in arrival order
    length_window: int = Field(4, ge=1)
    #: backend-specific options, validated by the backend's own options model
    options: dict[str, Any] = Field(default_factory=dict)


class ValidationSettings(_Group):
    #: money tolerance for business rules
    tolerance: str = "0.01"
    #: values that cannot be found in the document's words go to review
    require_grounding: bool = True
    #: a field whose confidence is below this goes to review
    min_confidence: float = 0.4


class ReviewSettings(_Group):
    #: SQLAlchemy URL; default ``sqlite:///<out>/review.sqlite``; PostgreSQL: ``postgresql+psycopg://...``
    database_url: str | None = None


class SchemaSettings(_Group):
    #: modules to import for user-defined document types
    modules: list[str] = Field(default_factory=list)
    #: force a type instead of classifying
    doc_type: str | None = None


class Settings(BaseSettings):
    """All settings of a run."""

    model_config = SettingsConfigDict(env_prefix="EXTRACT_", env_nested_delimiter="__", extra="forbid")

    limits: LimitSettings = Field(default_factory=LimitSettings)
    ocr: OCRSettings = Field(default_factory=OCRSettings)
    engine: EngineSettings = Field(default_factory=EngineSettings)
    validation: ValidationSettings = Field(default_factory=ValidationSettings)
    review: ReviewSettings = Field(default_factory=ReviewSettings)
    schemas: SchemaSettings = Field(default_factory=SchemaSettings)
    #: documents processed at once (OCR processes and engine batch)
    workers: int = 2

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings]
        config_file = os.environ.get("EXTRACT_CONFIG")
        if config_file:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=Path(config_file)))
        return tuple(sources)

    def engine_key(self) -> str:
        """Hash of everything about the engine that changes its output; part of the rerun cache key."""
        blob = json.dumps(
            {"name": self.engine.name, "model": self.engine.model, "options": self.engine.options,
             "validation": self.validation.model_dump(), "ocr": self.ocr.model_dump(
                 include={"engine", "languages", "min_text_chars", "deskew", "flatten", "check_boxes", "signatures"})},
            sort_keys=True, default=str,
        )
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def load_settings(config_file: Path | None = None, **overrides: Any) -> Settings:
    """Settings from a TOML file (optional), the environment, then ``overrides`` (nested dicts merge)."""
    previous = os.environ.get("EXTRACT_CONFIG")
    if config_file is not None:
        if not config_file.is_file():
            from pipeline.errors import ConfigError

            raise ConfigError(f"config file not found: {config_file}")
        os.environ["EXTRACT_CONFIG"] = str(config_file)
    try:
        base = Settings()
    finally:  # the file applies to this call only, never to later Settings() in the same process
        if previous is None:
            os.environ.pop("EXTRACT_CONFIG", None)
        else:
            os.environ["EXTRACT_CONFIG"] = previous
    if not overrides:
        return base
    merged = base.model_dump()
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **{k: v for k, v in value.items() if v is not None}}
        elif value is not None:
            merged[key] = value
    return Settings.model_validate(merged)
