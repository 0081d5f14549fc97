"""Typed pipeline errors. Every error that reaches a record has a stage, a code and a message a person reads.

    PipelineError                    base; ``stage``, ``code``, ``retryable``
    ├── InputError                   stage "ingest": the file itself is unusable
    │   ├── EmptyFileError           input.empty
    │   ├── UnsupportedTypeError     input.unsupported_type (the bytes are no PDF, image or text)
    │   ├── TruncatedFileError       input.truncated
    │   ├── EncryptedFileError       input.encrypted
    │   ├── CorruptFileError         input.corrupt
    │   ├── TooLargeError            input.too_large (file bytes over the limit)
    │   ├── DecompressionBombError   input.decompression_bomb (pixels over the limit)
    │   └── TooManyPagesError        input.too_many_pages
    ├── OCRError                     stage "ocr": ocr.failed, ocr.no_text (blank or noise pages)
    ├── ClassifyError                stage "classify": classify.unknown_type
    └── ConfigError                  a setting that cannot work (usage error; stops the run)
"""

from __future__ import annotations

__all__ = [
    "ClassifyError",
    "ConfigError",
    "CorruptFileError",
    "DecompressionBombError",
    "EmptyFileError",
    "EncryptedFileError",
    "InputError",
    "OCRError",
    "PipelineError",
    "TooLargeError",
    "TooManyPagesError",
    "TruncatedFileError",
    "UnsupportedTypeError",
]


class PipelineError(Exception):
    stage: str = "pipeline"
    code: str = "pipeline.error"
    retryable: bool = False

    def __init__(self, message: str, *, code: str | None = None, retryable: bool | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if retryable is not None:
            self.retryable = retryable


class InputError(PipelineError):
    stage = "ingest"
    code = "input.invalid"


class EmptyFileError(InputError):
    code = "input.empty"


class UnsupportedTypeError(InputError):
    code = "input.unsupported_type"


class TruncatedFileError(InputError):
    code = "input.truncated"


class EncryptedFileError(InputError):
    code = "input.encrypted"


class CorruptFileError(InputError):
    code = "input.corrupt"


class TooLargeError(InputError):
    code = "input.too_large"


class DecompressionBombError(InputError):
    code = "input.decompression_bomb"


class TooManyPagesError(InputError):
    code = "input.too_many_pages"


class OCRError(PipelineError):
    stage = "ocr"
    code = "ocr.failed"


class ClassifyError(PipelineError):
    stage = "classify"
    code = "classify.unknown_type"


class ConfigError(PipelineError):
    stage = "config"
    code = "config.invalid"
