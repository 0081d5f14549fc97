"""Tables the document prints but the extraction left empty: a review reason, so that no rows are lost silently.

An invoice whose item table the engine could not read (an unusual header, a scan that split the columns) still
adds up when subtotal, tax and total are read, so no business rule would notice the missing rows. Here each
list-of-rows field of the document type (``line_items``) that comes out empty is checked against the words: a
line that reads as its header — labels of at least two of the row model's fields, one of them a number column
("Description … Qty … Amount"), and no amount of its own — means a table is printed, and the record gets
``table.not_read`` (stage ``validate``): a person adds the rows or confirms there are none.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from functools import lru_cache
from itertools import groupby

from engine.base import Word
from engine.labels import label_phrases
from engine.tables import Column, match_columns
from pipeline.grounding import LeafKind, leaf_kinds, number_candidates
from pipeline.models import ErrorItem
from schemas import DocumentSchema

__all__ = ["HEADER_SCORE", "check_tables", "table_fields"]

#: a header word run must match a column label at least this well (engine.labels.label_score)
HEADER_SCORE = 0.7
_RUN = 3  # words per label run ("Prix unitaire HT")


@lru_cache(maxsize=64)
def table_fields(model: type[DocumentSchema]) -> dict[str, tuple[Column, ...]]:
    """List-of-rows fields of ``model``: per field, the columns of its row model."""
    out: dict[str, list[Column]] = {}
    for path, kind in leaf_kinds(model).items():
        field, sep, column = path.partition("[].")
        if not sep or "." in column or "[]" in column:
            continue  # not a scalar column of a top-level table
        concept, phrases = label_phrases(column, parent=field)
        out.setdefault(field, []).append(Column(column, phrases, kind is LeafKind.NUMBER, concept))
    return {field: tuple(columns) for field, columns in out.items()}


def check_tables(data: dict[str, typing.Any] | None, model: type[DocumentSchema] | None,
                 words: Sequence[Word]) -> list[ErrorItem]:
    """``table.not_read`` for each list-of-rows field left empty while the words print its header."""
    if not data or model is None:
        return []
    errors = []
    for field, columns in table_fields(model).items():
        if data.get(field):
            continue
        numeric = {c.name for c in columns if c.numeric}
        for _, group in groupby(range(len(words)), key=lambda i: (words[i].page, words[i].line)):
            line = list(group)
            if any(number_candidates(words[i].text) and any(c in words[i].text for c in ".,") for i in line):
                continue  # a line with amounts is a row or a total, not a header
            runs = [(line[a], line[b - 1]) for a in range(len(line))
                    for b in range(a + 1, min(a + _RUN, len(line)) + 1)]
            found = set(match_columns(runs, words, columns, HEADER_SCORE))
            if len(found) >= 2 and found & numeric and found - numeric:
                header = " ".join(words[i].text for i in line)
                errors.append(ErrorItem(
                    stage="validate", code="table.not_read", field=field,
                    message=f"{field}: the document prints a table ({header!r:.80}, page {words[line[0]].page + 1}) "
                            "but no rows were read; add them or confirm there are none"))
                break
    return errors
