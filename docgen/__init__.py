"""Synthetic invoices, receipts and claim forms with the values printed on them.

``generate(doc_type, seed, ...)`` returns a :class:`GeneratedDoc`: the file (a born-digital PDF with a text
layer, or a degraded scan as PNG, JPEG, TIFF or image-only PDF) and its truth values, which validate against
the project's schemas and pass their business rules. ``layouts(doc_type)`` lists the layout families; pick
seeds and families so a held-out set uses neither seeds nor families seen in training.

Command line: ``python -m docgen sample --out sample_data`` regenerates the committed sample set;
``python -m docgen dataset --out DIR --n N --seed S`` writes a dataset.
"""

from docgen.canvas import FieldSpan
from docgen.dataset import SAMPLE_SET, DatasetSpec, SampleSpec, iter_dataset, write_dataset, write_doc, write_sample
from docgen.errors import DocGenError
from docgen.generate import DOC_TYPES, GeneratedDoc, generate, layouts, locales
from docgen.scan import ScanFormat, ScanFormatError, ScanParams

__all__ = [
    "DOC_TYPES",
    "SAMPLE_SET",
    "DatasetSpec",
    "DocGenError",
    "FieldSpan",
    "GeneratedDoc",
    "SampleSpec",
    "ScanFormat",
    "ScanFormatError",
    "ScanParams",
    "generate",
    "iter_dataset",
    "layouts",
    "locales",
    "write_dataset",
    "write_doc",
    "write_sample",
]
