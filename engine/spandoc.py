"""A document seen as spans on lines: where the labels are, and what sits right of or below them.

:class:`SpanDoc` wraps :func:`engine.spans.find_spans` with the lookups rule-based extraction needs: labels that
match a field's phrases, the spans right of a label up to the next label, the spans below it, and the check boxes
near it. :class:`Found` is a candidate value with its confidence and the spans it came from (the last one holds
the value's words).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.base import Word
from engine.dates import RUN_STAMP, DateOrder, boxed_figures_order, guess_date_order, parse_date
from engine.labels import (COLUMN_CONCEPTS, NUMBER_COMPOUND, TERM_CODE, Phrase, known_label_words, label_phrases,
                           label_score, label_tokens, normalise, reads_as_label, ruled_out)
from engine.spans import (
    Span,
    SpanKind,
    find_spans,
    identifier_field,
    join_spread_amounts,
    join_wrapped_years,
    lift_wrapped_colons,
    narrowed,
    unframe_lines,
)

__all__ = ["LABEL_KINDS", "Found", "SpanDoc", "concept_phrases", "join_wrapped", "merge_spans", "option_text",
           "read_spans", "split_caption_rows"]

LABEL_KINDS = frozenset({SpanKind.TEXT, SpanKind.LABEL})
# Concepts whose labels are captions, never values (a signature line's caption, a "Date" caption...).
_CAPTIONS = ("signature", "invoice_date", "total", "party", "customer", "name", "place_date")


#: a rate ("19 %"), a term in days ("innerhalb von 14 Tagen", "within 30 days") or a question's number before it
#: ("10. Er skaden politianmeldt?", "3) Date of loss") is no value inside a label
_NOT_A_VALUE = re.compile(
    r"\d+(?:[.,]\d+)?\s*%|(?<!\d)\d{1,3}\s+(?:days?|tagen?|jours?|dagen|dni|giorni|d[ií]as|dias)\b"
    # a form's numbered caption ("3. Name", "01 Nombre", "12 ¿Se levantó …")
    r"|^(?:\d{1,2}[.)]|0\d)\s+(?=[^\W\d_])|^\d{1,2}\s+(?=[¿¡])", re.IGNORECASE)


_WEB = re.compile(r"\S@\S|\bwww\.|https?://", re.IGNORECASE)
#: the little words a caption wraps after in a narrow cell ("Date de" over "l'événement")
_WRAPPING_WORDS = frozenset("de du des of the la le di del della da do dos das van der den von für fur for on "
                            "et and a au aux al alla to zur zum".split())


def _holds_number(text: str) -> bool:
    """Two digits or more, rates and terms in days aside."""
    return sum(c.isdigit() for c in _NOT_A_VALUE.sub("", text)) >= 2


@dataclass
class Found:
    """A candidate value: the value (or the span holding it), a confidence, and the spans it was read from."""

    value: Any
    confidence: float
    spans: list[Span]


@functools.lru_cache(maxsize=64)
def concept_phrases(name: str) -> list[Phrase]:
    """The label phrases of a field or concept name (cached)."""
    return label_phrases(name)[1]


def merge_spans(spans: list[Span]) -> Span:
    """One span standing for several (their words), to record a value read from several spans."""
    if len(spans) == 1:
        return spans[0]
    return spans[0].model_copy(update={"word_indices": [i for s in spans for i in s.word_indices]})


def option_text(line: list[Span], i: int) -> str:
    """The option a check box stands for: the text glued to it ("☒Travel") or the span after it; the span before
    it where the box is set after its option, in the option's cell, apart from the next ("Oui [X]  Non [ ]")."""
    m = re.fullmatch(r"(\[[^\]]?\]|\([^)]?\)|[xX]$|\W)+\s*(.*)", line[i].text.strip())
    glued = m.group(2).strip() if m else line[i].text.strip()
    nxt = line[i + 1] if i + 1 < len(line) else None
    if glued:  # with the rest of its cell: "☒Multirisque habitation"
        rest = nxt.text if nxt is not None and nxt.cell == line[i].cell and nxt.checked is None else ""
        return f"{glued} {rest}".strip()
    if (before := _option_before(line, i)) is not None:
        return before.text
    return nxt.text if nxt is not None and nxt.checked is None else ""


def _option_before(line: list[Span], i: int) -> Span | None:
    """The option a box set after it stands for: the text right before the box, in its cell, where the span after
    the box (if any) stands in another cell, or where one cell sets options and boxes by turns, from an option to a
    box ("Ano [ ]  Ne [X]"); a few words, no question or caption. Not on a line whose first box has its option after
    it in its cell otherwise ("☐ Santé ☒" over "Voyage": a row of boxes set before their options, the last option
    wrapped), nor on a line of one box (the wrapped tail of such a row: "Krankenversicherung [X]" over
    "Reiseversicherung")."""
    first = next(k for k, x in enumerate(line) if x.checked is not None)
    turns = _options_then_boxes(line, first)
    if first + 1 < len(line) and line[first + 1].cell == line[first].cell and line[first + 1].checked is None \
            and not turns:
        return None
    if sum(x.checked is not None for x in line) < 2:
        return None  # one box after a text: maybe the tail of a row of boxes before their options, wrapped
    before = line[i - 1] if i > 0 else None
    nxt = line[i + 1] if i + 1 < len(line) else None
    if before is None or before.checked is not None or before.cell != line[i].cell or not before.has(SpanKind.TEXT) \
            or len(before.text.split()) > 3 or before.text.rstrip().endswith(("?", ":")) \
            or (nxt is not None and nxt.cell == line[i].cell and not turns):
        return None
    return before


def _options_then_boxes(line: list[Span], first: int) -> bool:
    """Whether the cell of the line's first box (at ``first``) sets options and boxes by turns from an option before
    that box to a box at the line's end ("Ano [ ]  Ne [X]" in one cell): each box after its option."""
    cell = line[first].cell
    start = first - 1
    if start < 0 or line[-1].cell != cell or line[-1].checked is None:
        return False
    run = line[start:]
    return all(x.cell == cell for x in run) and all(
        (x.checked is not None) == bool(k % 2) for k, x in enumerate(run)) and all(
        x.has(SpanKind.TEXT) and len(x.text.split()) <= 3 and not x.text.rstrip().endswith(("?", ":"))
        for x in run[::2])


#: the concepts whose labels a narrow cell wraps onto two lines beside their value ("Data" / "scadenza")
_WRAPPED_LABELS = ("invoice_number", "invoice_date", "due_date", "policy_number", "incident_date", "birth_date",
                   "police_report")


def _holds_value(line: list[Span], label: Span) -> bool:
    """Whether a span that is no label stands right of ``label`` on its line."""
    return any(s.bbox[0] > label.bbox[2] and not s.kinds <= LABEL_KINDS for s in line)


def opens_bracket(text: str) -> bool:
    """Whether ``text`` opens more brackets than it closes ("… high yield (approx.")."""
    return text.count("(") > text.count(")")


def _closes_bracket(text: str) -> bool:
    return ")" in text and "(" not in text.split(")")[0] and len(text.split()) <= 4


def join_wrapped(spans: list[Span], date_order: DateOrder | None = None) -> list[Span]:
    """Spans that a narrow cell wrapped onto the next line, joined: a date whose end went to the next line ("15
    novembre" over "2025", "1 de noviembre de" over "2025") into the upper span (and one a scan's OCR cut into two
    cells of its line, "23" "marzo 2024"), and the label of a date or a
    number wrapped the same way ("Data" over "scadenza", "Termin" over "płatności") into the line that holds its
    value. Only a line's part set right under the other (left or right edges together, no gap between the
    lines) is joined, and labels only where the first does not end on a colon, the two lines together read as a
    label the first alone does not and one line, not both, holds a value (labels stacked each with its value stay
    apart: "Date" over "Due date").
    A label whose bracket is closed under it, past the value between ("Policyholder (surname," over "first
    name)"), is joined too."""
    by_line: dict[tuple[int, int], list[Span]] = {}
    for s in spans:
        by_line.setdefault((s.page, s.line), []).append(s)
    keys = sorted(by_line)
    after = {k: keys[i + 1] for i, k in enumerate(keys[:-1]) if keys[i + 1][0] == k[0]}
    merged: dict[int, Span] = {}
    gone: set[int] = set()

    def under(s: Span) -> Span | None:
        if (s.page, s.line) not in after:
            return None
        h = s.bbox[3] - s.bbox[1]
        below = [t for t in by_line[after[(s.page, s.line)]] if t.index not in gone
                 and min(abs(t.bbox[0] - s.bbox[0]), abs(t.bbox[2] - s.bbox[2])) <= 0.5 * h
                 and -0.1 * h <= t.bbox[1] - s.bbox[3] <= 0.6 * h]
        return below[0] if len(below) == 1 and len(below[0].text.split()) <= 3 else None

    def join(s: Span, t: Span, into: Span, **update: Any) -> None:
        merged[into.index] = into.model_copy(update={
            **update, "text": f"{s.text} {t.text}",
            "word_indices": [*s.word_indices, *t.word_indices],
            "bbox": (min(s.bbox[0], t.bbox[0]), min(s.bbox[1], t.bbox[1]), max(s.bbox[2], t.bbox[2]),
                     max(s.bbox[3], t.bbox[3]))})
        gone.add((t if into is s else s).index)

    for line in by_line.values():  # a date a scan's OCR cut in two on its line ("23" "marzo 2024")
        for s, t in itertools.pairwise(line):
            if s.index in gone or s.date is not None or t.date is not None or s.cell == t.cell:
                continue
            h = max(s.bbox[3] - s.bbox[1], t.bbox[3] - t.bbox[1])
            if 0 <= t.bbox[0] - s.bbox[2] <= 1.5 * h and any(c.isalpha() for c in s.text + t.text) and \
                    (d := parse_date(f"{s.text} {t.text}", order=date_order)) is not None:
                join(s, t, s, date=d, kinds=frozenset({SpanKind.DATE}))
    for s in spans:  # dates first: a wrapped date is a value the labels' test below looks for
        if s.index in gone or s.date is not None or not s.has(SpanKind.TEXT):
            continue
        if (t := under(s)) is not None:
            if parse_date(t.text, order=date_order) is None and \
                    (d := parse_date(f"{s.text} {t.text}", order=date_order)) is not None:
                join(s, t, s, date=d, kinds=frozenset({SpanKind.DATE}))
            continue
        # its day a span of its own before it in the cell ("22" "de noviembre de" over "2022")
        line = by_line[(s.page, s.line)]
        k = line.index(s)
        day = line[k - 1] if k and line[k - 1].cell == s.cell and line[k - 1].index not in gone else None
        if day is None or not (day.text.isdigit() and len(day.text) <= 2):
            continue
        whole = s.model_copy(update={"bbox": (day.bbox[0], *s.bbox[1:])})
        if (t := under(whole)) is not None and parse_date(t.text, order=date_order) is None and \
                (d := parse_date(f"{day.text} {s.text} {t.text}", order=date_order)) is not None:
            join(day, s, s)
            join(merged[s.index], t, merged[s.index], date=d, kinds=frozenset({SpanKind.DATE}))
    for s in spans:
        if s.index in gone or s.index in merged or not s.kinds <= LABEL_KINDS or s.text.rstrip().endswith(":") \
                or (t := under(s)) is None or t.index in merged or not t.kinds <= LABEL_KINDS \
                or any(c.isdigit() for c in s.text + t.text):
            continue  # (a colon ends a label: "Data:" over "Vencimento:" are two)
        joined, upper = label_tokens(f"{s.text} {t.text}"), label_tokens(s.text)
        scores = [(label_score(joined, concept_phrases(c), c), label_score(upper, concept_phrases(c), c))
                  for c in _WRAPPED_LABELS]
        if not any(both >= 0.8 and both > alone for both, alone in scores):
            continue
        line_s = [merged.get(x.index, x) for x in by_line[(s.page, s.line)] if x.index not in gone]
        line_t = [merged.get(x.index, x) for x in by_line[(t.page, t.line)] if x.index not in gone]
        on_s, on_t = _holds_value(line_s, s), _holds_value(line_t, t)
        if on_s != on_t:
            join(s, t, s if on_s else t)
    for s in spans:  # a label's bracket closed on a line of its own: "Policyholder (surname," over "first name)"
        if s.index in gone or s.index in merged or not s.kinds <= LABEL_KINDS or not opens_bracket(s.text):
            continue
        h = s.bbox[3] - s.bbox[1]
        ends = [t for t in spans if t.page == s.page and 0 < t.line - s.line <= 2 and t.index not in gone
                and t.index not in merged and t.kinds <= LABEL_KINDS and abs(t.bbox[0] - s.bbox[0]) <= 0.5 * h
                and -0.1 * h <= t.bbox[1] - s.bbox[3] <= 1.6 * h and _closes_bracket(t.text)]
        if len(ends) == 1:
            join(s, ends[0], s)
    if not merged:
        return spans
    kept = [merged.get(s.index, s) for s in spans if s.index not in gone]
    return [s.model_copy(update={"index": i}) for i, s in enumerate(kept)]


def split_caption_rows(spans: list[Span], words: Sequence[Word]) -> list[Span]:
    """Spans with a row of captions that ran together split over the values under them: "INVOICE REF. CUSTOMER
    ID" over "2604-411   701549" becomes "INVOICE REF." over "2604-411" and "CUSTOMER ID" over "701549". A text
    span of two words or more without digits is cut before each word that starts where a value under it starts
    (captions set left over their values) or after each word that ends where one ends (set right), where two values
    or more (dates, numbers, identifiers) stand under it on the next line and no price (a table's header keeps its
    labels of several words: "Prix unitaire"). The word-level cut of :mod:`engine.spans` does this where the values
    stand in cells of their own; here they may be set as closely as a sentence's words ("2604-411 701549")."""
    by_line: dict[tuple[int, int], list[Span]] = {}
    for s in spans:
        by_line.setdefault((s.page, s.line), []).append(s)
    keys = sorted(by_line)
    out: list[Span] = []
    for n, key in enumerate(keys):
        below = by_line[keys[n + 1]] if n + 1 < len(keys) and keys[n + 1][0] == key[0] else []
        cell_shift = 0
        for s in by_line[key]:
            pieces = _caption_pieces(s, below, words)
            out += [narrowed(s, idx, words, cell=s.cell + cell_shift + k) if len(pieces) > 1
                    else s.model_copy(update={"cell": s.cell + cell_shift}) for k, idx in enumerate(pieces)]
            cell_shift += len(pieces) - 1
    if len(out) == len(spans):
        return spans
    return [s.model_copy(update={"index": i}) for i, s in enumerate(out)]


#: a British, Canadian or Irish postcode, which reads as two identifiers ("W2H 3SU", "K1A 0B1", "D59 J5N4")
_SPLIT_POSTCODE = re.compile(r"[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] \d[A-Z]\d|"
                             r"(?:[A-Z]\d{2}|D6W) (?=[A-Z]*\d)[0-9A-Z]{4}")


def _caption_pieces(s: Span, below: list[Span], words: Sequence[Word]) -> list[list[int]]:
    """The word runs a row of captions is cut into (see :func:`split_caption_rows`); one run where it is none."""
    idx = list(s.word_indices)
    if len(idx) < 2 or not s.kinds <= LABEL_KINDS or any(c.isdigit() for c in s.text):
        return [idx]
    if not known_label_words(label_tokens(s.text)):
        return [idx]  # a value with words no label has ("Sainte Michelle-les-Bains" over a phone number's groups)
    h = s.bbox[3] - s.bbox[1]
    if any(t.amount is not None and not t.has(SpanKind.INTEGER) for t in below):
        return [idx]  # a table's header over a row of prices: its labels run over several words ("Prix unitaire")
    values = sorted((t for t in below if t.kinds & {SpanKind.DATE, SpanKind.AMOUNT, SpanKind.IDENTIFIER}
                     and not t.has(SpanKind.TEXT) and min(t.bbox[2], s.bbox[2]) > max(t.bbox[0], s.bbox[0])
                     and 0 <= t.bbox[1] - s.bbox[3] <= 1.5 * h), key=lambda t: t.bbox[0])
    if len(values) < 2 or (len(values) == 2 and _SPLIT_POSTCODE.fullmatch(f"{values[0].text} {values[1].text}")):
        return [idx]  # a postcode's two halves under a town's name ("Port Daleburgh") or its caption ("Postal code")
    cuts = {k for t in values[1:] for k in range(1, len(idx)) if abs(words[idx[k]].bbox[0] - t.bbox[0]) <= 0.5 * h}
    if not cuts:
        cuts = {k + 1 for t in values[:-1] for k in range(len(idx) - 1)
                if abs(words[idx[k]].bbox[2] - t.bbox[2]) <= 0.5 * h}
    bounds = [0, *sorted(cuts), len(idx)]
    return [idx[a:b] for a, b in itertools.pairwise(bounds)]


def read_spans(words: Sequence[Word], *, date_order: DateOrder | None = None, gap_factor: float = 2.0) -> list[Span]:
    """The spans the rules read: :func:`~engine.spans.find_spans`, then an IBAN printed in spaced groups joined
    (:func:`join_iban`), a date or a label a narrow cell wrapped joined (:func:`join_wrapped`) and a row of captions
    run together cut (:func:`split_caption_rows`)."""
    spans = join_iban(find_spans(words, date_order=date_order, gap_factor=gap_factor), words)
    return undated_fax_header(split_caption_rows(join_wrapped(spans, date_order), words))


def line_texts(spans: Sequence[Span]) -> dict[tuple[int, int], str]:
    """Each line's spans' text, joined by spaces, by (page, line) in reading order."""
    out: dict[tuple[int, int], list[str]] = {}
    for s in spans:
        out.setdefault((s.page, s.line), []).append(s.text)
    return {key: " ".join(out[key]) for key in sorted(out)}


#: the line a fax machine prints across the top of each page it sends: a clock time, a page count ("P.001/002",
#: "P.1", "S. 1/1", "Page 1/2") and the sender ("FROM", "FAX", "TX", "RX", "Von", "De" or an international number)
_FAX_HEADER = re.compile(r"(?i)^(?=.*\b\d{1,2}:\d{2}\b)"
                         r"(?=.*(?:\bp(?:age)?\.?\s?0*\d{1,3}(?:\s?/\s?0*\d{1,3})?\b"
                         r"|\bs(?:eite)?\.\s?\d{1,3}\s?/\s?\d{1,3}\b))"
                         r"(?=.*(?:\b(?:from|fax|tx|rx|von|de)\b|\+\d{2}))")


def fax_header_lines(texts: dict[tuple[int, int], str]) -> frozenset[tuple[int, int]]:
    """The lines a fax machine printed: the first line of a page (``texts``: :func:`line_texts`) that reads as
    :data:`_FAX_HEADER`."""
    first: dict[int, tuple[int, int]] = {}
    for key in texts:  # in reading order: a page's first key is its top line
        first.setdefault(key[0], key)
    return frozenset(key for key in first.values() if _FAX_HEADER.search(texts[key]))


def undated_fax_header(spans: list[Span]) -> list[Span]:
    """The dates of a fax transmission header (:func:`fax_header_lines`) read as no date: the day a page was faxed
    is none of the document's."""
    header = fax_header_lines(line_texts(spans))
    if not header:
        return spans
    return [s.model_copy(update={"kinds": s.kinds - {SpanKind.DATE} or frozenset({SpanKind.TEXT}), "date": None})
            if (s.page, s.line) in header and s.has(SpanKind.DATE) else s for s in spans]


#: the start of an IBAN: a country's two letters and two check digits ("DE95", "ES11 5104", "DE325556")
_IBAN_HEAD = re.compile(r"[A-Z]{2}\d{2}[A-Z0-9]*")
_IBAN_GROUP = re.compile(r"[A-Z0-9]{1,4}")


def _iban_valid(text: str) -> bool:
    """Whether ``text`` (no spaces) passes the IBAN check digits (ISO 13616: mod 97 is 1)."""
    moved = text[4:] + text[:4]
    return moved.isalnum() and int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def join_iban(spans: list[Span], words: Sequence[Word]) -> list[Span]:
    """An IBAN a wide letter spacing set apart in its groups of four ("DE95 | 0578 | 3109 | 5332 | 6541 | 28")
    joined into one identifier: a country's letters and check digits, then groups of up to four letters and
    figures on its line, 15 to 34 characters in all, after an "IBAN" on its line or the line above, or passing the
    check digits.
    A group is no amount nor a number of its own."""
    out: list[Span] = []
    i = 0
    while i < len(spans):
        s = spans[i]
        text = s.text.replace(" ", "")
        if not _IBAN_HEAD.fullmatch(text) or len(text) > 34:
            out.append(s)
            i += 1
            continue
        j, whole = i + 1, text
        while j < len(spans) and (spans[j].page, spans[j].line) == (s.page, s.line) and len(whole) < 34 \
                and all(_IBAN_GROUP.fullmatch(w) for w in spans[j].text.split()) and len(spans[j].text.split()) <= 2:
            whole += spans[j].text.replace(" ", "")
            j += 1
        # (the label may stand over the line: "IBAN para el abono" over its groups)
        before = " ".join(x.text for x in out if x.page == s.page and 0 <= s.line - x.line <= 1)
        if j > i + 1 and 15 <= len(whole) <= 34 and (re.search(r"(?i)\biban\b", before) or _iban_valid(whole)):
            group = spans[i:j]
            out.append(s.model_copy(update={
                "text": " ".join(x.text for x in group), "word_indices": [w for x in group for w in x.word_indices],
                "kinds": frozenset({SpanKind.IDENTIFIER}), "identifier": whole, "amount": None, "date": None,
                "currency": None, "percent": None,
                "bbox": (min(x.bbox[0] for x in group), min(x.bbox[1] for x in group),
                         max(x.bbox[2] for x in group), max(x.bbox[3] for x in group))}))
            i = j
        else:
            out.append(s)
            i += 1
    if len(out) == len(spans):
        return spans
    return [s.model_copy(update={"index": k}) for k, s in enumerate(out)]


def _glued_caption(span: Span) -> str | None:
    """The caption an identifier's word begins with, where the value ran into it with no space
    ("VersicherungsscheinnummerLUG324986C", "Policy:LUG324986C"): the span is a label and its value at once."""
    ident = span.identifier
    if SpanKind.IDENTIFIER not in span.kinds or not ident or ident == span.text or not span.text.endswith(ident):
        return None
    caption = span.text[: -len(ident)].rstrip(" :")
    return caption if sum(c.isalpha() for c in caption) >= 4 and reads_as_label(caption) else None


#: the last word of a reference's caption ("Customer ID", "Order ref.", "Kundennummer", "N° client" read as "no")
_REFERENCE_TAILS = frozenset("no id ref reference referenz referentie referencia riferimento code".split())


def _overlap(a: Span, b: Span) -> float:
    """Horizontal overlap of two spans as a share of the narrower one (negative when they are apart)."""
    width = max(1e-6, min(a.bbox[2] - a.bbox[0], b.bbox[2] - b.bbox[0]))
    return (min(a.bbox[2], b.bbox[2]) - max(a.bbox[0], b.bbox[0])) / width


#: a numbered section heading ("2. Assistito", "Del 2 – Motpart", "Část 2 – Pacient", "Part B: Other driver")
_SECTION = re.compile(r"(?:(?:part|section|del|teil|partie|parte|sezione|secci[oó]n|sec[cç][aã]o|cz[eę][sś][cć]|"
                      r"[cč][aá]st|osa|deel|abschnitt|rubrique|punkt|bod)\s+)?"
                      r"(?:\d{1,2}|[A-H])(?:[.):]|\s+[–—-])\s*\w", re.IGNORECASE)
#: words of a heading naming someone other than the policyholder: a patient, the other party of an accident, a witness
_OTHER_PARTY = frozenset(
    "patient patients pacient pacjent paciente patiente assistito assistita beneficiaire beneficiario beneficiaria "
    "motpart motparten modpart modparten gegner unfallgegner gegenpartei gegenseite tercero terceiro terzo terzi "
    "sprawca tiers tegenpartij wederpartij controparte protistrana "
    "vastapuoli witness witnesses zeuge zeugen temoin temoins testimone testimoni testigo testigos getuige getuigen "
    "swiadek swiadkowie svedek svedkove vittne svjedok svjedoci prica price "
    # a co-insured person ("Medforsikret", "Mitversicherte Person", "Coassicurato")
    "medforsikret medforsikrede medforsakrad medforsakrade mitversicherte mitversicherter coassure coassuree "
    "coassicurato coasegurado medeverzekerde wspolubezpieczony coinsured".split())
#: the concepts of a person's details, which a caption naming a witness puts under the witness's name
_PERSON_DETAILS = ("claimant", "birth_date", "address", "postal_code", "city")
#: a caption of an animal's value ("Geburtsdatum des Tieres", "Date de naissance de l'animal", "Pet's date of birth")
_OTHER_BEING = re.compile(r"\b(?:tier|tieres|animal|animale|dier|pet|pets|mascota|zwierze|zwierzecia|dyr|dyrets|djur|"
                          r"djurets|zvire|zvirete|bicho)\b")
_OTHER_PARTY_PHRASES = ("other party", "other driver", "other vehicle", "third party", "partie adverse",
                        "druga strona", "druga strana", "druge strane", "parte contraria", "otra parte", "outra parte",
                        "behandelte person",
                        "vehicle b", "fahrzeug b", "vehicule b", "veicolo b", "vehiculo b", "pojazd b")


# the words of a request to pay, whose sentence ends on the due date's label ("Please pay ... by")
_PAY_STEMS = ("pay", "pag", "zahl", "uberweis", "bezahl", "regler", "regl", "abon", "betal", "zaplat", "platn",
              "remit", "verse", "salda", "indbetal", "innbetal", "maksa", "uhrad", "splatn",
              # a transfer's terms ("bonifico a 10 gg, scadenza 13/11/2025", "virement à 30 jours, échéance …")
              "bonific", "virement", "transfer", "przelew", "overboek", "prevod")
#: the last word of a payment request before its date: "by", "until" ("Prosíme o úhradu částky ... do")
_BY_WORDS = frozenset("by until before bis vor do innen senast senest viimeistaan avant entro antes ate voor".split())


class SpanDoc:
    """The spans of one document with the lookups the rules need."""

    def __init__(self, words: Sequence[Word], *, date_order: DateOrder | None = None, gap_factor: float = 2.0,
                 min_label_score: float = 0.35, max_lines_below: int = 3, max_right_distance: float = 0.85) -> None:
        self.words = words = join_spread_amounts(join_wrapped_years(lift_wrapped_colons(unframe_lines(words))))
        self._date_order = date_order
        self.min_label_score, self.max_lines_below = min_label_score, max_lines_below
        self.max_right_distance = max_right_distance
        self.spans = read_spans(words, date_order=date_order, gap_factor=gap_factor)
        self.lines: dict[tuple[int, int], list[Span]] = {}
        for s in self.spans:
            self.lines.setdefault((s.page, s.line), []).append(s)
        self.line_keys = sorted(self.lines)
        self.line_pos = {k: i for i, k in enumerate(self.line_keys)}
        # an e-mail or web address is never a label ("invoices@serwis-wisla.pl" is no invoice number's label)
        # ... nor a place set with its comma before a date ("Carrie Ville,  23/12/2024": where a form was signed),
        # nor a word of a fax machine's header ("FROM: BAECKEREI  TO: 0891234  P.1/1")
        self.tokens = {s.index: label_tokens(s.text) for s in self.spans
                       if s.kinds & LABEL_KINDS and not _WEB.search(s.text) and not self._place_before_date(s)
                       and (s.page, s.line) not in self.fax_header_lines}
        self.tokens |= {s.index: label_tokens(caption) for s in self.spans if (caption := _glued_caption(s))}
        self.captions: set[int] = set()  # spans that label a field of the target (set by the extractor)
        self.continued = self._join_wrapped_captions()  # second lines of captions a narrow cell wrapped
        # a label with a qualifier in brackets, read without it too ("Policyholder (full name)": "Policyholder")
        self.unqualified = {i: bare for i, toks in self.tokens.items()
                            if "(" in (text := self.spans[i].text) and toks == label_tokens(text)
                            and (bare := label_tokens(re.sub(r"\([^)]*\)", " ", text))) and bare != toks}

    def _join_wrapped_captions(self) -> set[int]:
        """Captions a form's narrow label cell wrapped after a little word ("Date de" over "l'événement",
        "Signature de" over "l'assuré", "Estimation du" over "dommage"): the first line reads as the whole caption,
        and the second, in small letters right under its start, is neither a caption nor a value of its own. Returns
        the second lines' span indices."""
        continued: set[int] = set()
        for s in self.spans:
            words = s.text.split()
            if s.index not in self.tokens or len(words) < 2 or normalise(words[-1]) not in _WRAPPING_WORDS:
                continue
            pos = self.line_pos[(s.page, s.line)]
            if pos + 1 >= len(self.line_keys) or self.line_keys[pos + 1][0] != s.page:
                continue
            height = s.bbox[3] - s.bbox[1]
            nxt = next((t for t in self.lines[self.line_keys[pos + 1]] if abs(t.bbox[0] - s.bbox[0]) <= 0.5 * height),
                       None)
            if (nxt is None or nxt.index not in self.tokens or not nxt.text[:1].islower()
                    or len(nxt.text.split()) > 3 or nxt.bbox[1] - s.bbox[3] > height):
                continue
            self.tokens[s.index] = label_tokens(f"{s.text} {nxt.text}")
            del self.tokens[nxt.index]
            continued.add(nxt.index)
        return continued

    def _place_before_date(self, s: Span) -> bool:
        if not s.text.rstrip().endswith(","):
            return False
        after = next((t for t in self.lines[(s.page, s.line)] if t.index > s.index), None)
        return after is not None and after.has(SpanKind.DATE)

    def labels(self, phrases: list[Phrase], concept: str | None, floor: float | None = None
               ) -> list[tuple[Span, float]]:
        """Spans that read as one of ``phrases``, best first, with their label scores."""
        floor = self.min_label_score if floor is None else floor
        out = [(s, self.label_score(s, phrases, concept)) for s in self.spans if s.index in self.tokens]
        # a text with a number in it ("Via Marconi, 96", "124 Washington Street") is a value that happens to hold
        # a label word, unless it reads as the label outright ("VAT 20%")
        return sorted([(s, sc) for s, sc in out if sc >= floor and (sc >= 0.7 or not _holds_number(s.text))],
                      key=lambda t: -t[1])

    def label_score(self, s: Span, phrases: list[Phrase], concept: str | None) -> float:
        """A span's label score; for a due date, a payment request's last words count as its label too ("Bitte
        überweisen Sie den Betrag von 1.234,56 € bis zum", "Prosimy o zapłatę 85 593,47 zł do dnia")."""
        toks = self.tokens[s.index]
        score = label_score(toks, phrases, concept)
        if score > 0 and (bare := self.unqualified.get(s.index)):
            # a qualifier in brackets narrows the label, it does not make it another ("Policyholder (full name)",
            # "Amount (EUR)"); a label a word of it rules out stays out ("Total (excl. VAT)")
            score = max(score, 0.95 * label_score(bare, phrases, concept))
        if concept == "due_date" and len(toks) >= 3 and any(t.startswith(_PAY_STEMS) for t in toks[:-1]) \
                and not ruled_out(toks, concept):  # not the day an early payment's discount ends ("Skonto ... bis")
            score = max(score, 0.85 * max(label_score(toks[-k:], phrases, concept) for k in range(1, 4)),
                        0.8 if toks[-1] in _BY_WORDS else 0.0)
        return score

    def labels_any(self, span: Span) -> bool:
        """Whether a span reads as the label of some common field (a signature or date caption, a total)."""
        toks = self.tokens.get(span.index, ())
        return span.has(SpanKind.LABEL) or any(label_score(toks, concept_phrases(c), c) >= 0.6
                                               for c in _CAPTIONS)

    def cell_spans(self, span: Span) -> list[Span]:
        """The spans of the cell a span belongs to, left to right."""
        return [s for s in self.lines[(span.page, span.line)] if s.cell == span.cell]

    def cell_text(self, span: Span) -> str:
        """The text of the whole cell a span belongs to ("OX1 6RX" for the span "OX1")."""
        return " ".join(s.text for s in self.cell_spans(span))

    @functools.cached_property
    def line_texts(self) -> dict[tuple[int, int], str]:
        """Each line's spans' text, joined by spaces."""
        return line_texts(self.spans)

    @functools.cached_property
    def fax_header_lines(self) -> frozenset[tuple[int, int]]:
        """The lines a fax machine printed across the top of a page (:func:`fax_header_lines`)."""
        return fax_header_lines(self.line_texts)

    @functools.cached_property
    def run_stamp_lines(self) -> frozenset[tuple[int, int]]:
        """The lines of the stamp an ERP program prints on its listings (:data:`~engine.dates.RUN_STAMP`)."""
        return frozenset(key for key, text in self.line_texts.items() if RUN_STAMP.search(text))

    @functools.cached_property
    def date_order(self) -> DateOrder | None:
        """The order the document writes its numeric dates in: the one given, else what its own dates suggest."""
        return self._date_order or guess_date_order(self.line_texts.values())

    @functools.cached_property
    def boxed_date_order(self) -> DateOrder | None:
        """The order of the dates a form writes a figure a box, as its boxed dates show it
        (:func:`~engine.dates.boxed_figures_order`), else :attr:`date_order`."""
        return boxed_figures_order(s.text for s in self.spans) or self.date_order

    @functools.cached_property
    def title_lines(self) -> list[tuple[int, int]]:
        """The first three lines of page 1, where a form prints its title."""
        return [key for key in self.line_keys if key[0] == 0][:3]

    @functools.cached_property
    def other_party_lines(self) -> frozenset[tuple[int, int]]:
        """The lines of a form's numbered sections about someone other than the policyholder, from a heading that
        names them ("2. Assistito", "Del 2 – Motpart", "Part B: Other driver") to the next numbered heading: the
        patient's date of birth, the other driver's address and insurer are no value of the claimant's."""
        out: set[tuple[int, int]] = set()
        inside, page = False, None
        for key in self.line_keys:
            line = self.lines[key]
            if key[0] != page:
                inside, page = False, key[0]
            if len(line) == 1 and line[0].kinds == {SpanKind.TEXT} and _SECTION.match(line[0].text):
                toks = self.tokens.get(line[0].index, ())
                joined = " ".join(toks)
                inside = bool(set(toks) & _OTHER_PARTY) or any(p in joined for p in _OTHER_PARTY_PHRASES)
            if inside:
                out.add(key)
        return frozenset(out)

    @functools.cached_property
    def others_labels(self) -> frozenset[int]:
        """Labels of someone other than the policyholder: in another party's section, naming an animal
        ("Geburtsdatum des Tieres"), or a person's detail after a caption that names someone else
        (:meth:`_after_others_caption`)."""
        return frozenset(i for i in self.tokens if (self.spans[i].page, self.spans[i].line) in self.other_party_lines
                         or _OTHER_BEING.search(normalise(self.spans[i].text))) | self._after_others_caption()

    def _after_others_caption(self) -> frozenset[int]:
        """Captions of a person's details (a name, a date of birth, an address) after a short caption naming a
        witness or a co-insured person, on its line or on the line under it: "Witness  Date of Birth" over
        "Curtis Lindqvist  02/17/1953", "Zeuge: Ilka Riedinger" over "Geburtsdatum: 04.01.1957"."""
        out: set[int] = set()
        for pos, key in enumerate(self.line_keys):
            caption = next((s for s in self.lines[key] if 0 < len(toks := self.tokens.get(s.index, ())) <= 3
                            and set(toks) & _OTHER_PARTY and not s.text.rstrip().endswith("?")), None)
            if caption is None:
                continue
            after = [s for s in self.lines[key] if s.index > caption.index]
            if pos + 1 < len(self.line_keys) and self.line_keys[pos + 1][0] == key[0]:
                after += self.lines[self.line_keys[pos + 1]]
            out |= {s.index for s in after if (toks := self.tokens.get(s.index)) and max(
                label_score(toks, concept_phrases(c), c) for c in _PERSON_DETAILS) >= 0.8}
        return frozenset(out)

    @functools.cached_property
    def column_headers(self) -> frozenset[tuple[int, int]]:
        """The lines that head an item table's columns: two column labels (description, quantity, price, amount),
        or a line of nothing else where one is sure ("Articolo  Totale": an item's column is headed by a weaker
        word)."""
        def heads(line: list[Span]) -> bool:
            scores = [max(label_score(self.tokens.get(s.index, ()), concept_phrases(c), c) for c in COLUMN_CONCEPTS)
                      for s in line]
            sure = sum(x >= 0.8 for x in scores)
            return sure >= 2 or (len(scores) >= 2 and sure >= 1 and min(scores) >= 0.7)

        return frozenset(key for key, line in self.lines.items() if heads(line))

    @functools.cached_property
    def term_codes(self) -> set[int]:
        """Spans that are nothing but the code of an e-invoice's business term, printed apart from its label
        ("(BT-1)", "(BT-118/119)"): part of the label, no value."""
        return {s.index for s in self.spans if TERM_CODE.fullmatch(s.text.strip(" :"))}

    def is_caption(self, s: Span) -> bool:
        """A label: a colon label, a text that reads as the label of one of the target's fields, or a caption's
        wrapped second line."""
        return s.has(SpanKind.LABEL) or s.index in self.captions or s.index in self.continued

    def right_of(self, label: Span) -> list[Span]:
        """The spans right of ``label`` on its line, up to the next label. Where nothing stands there, the spans
        right of it on the line before or after whose middle lies within a label height of its middle: a scan's lines
        beside a column of smaller lines can put a label and its value on two lines of the reading order."""
        out = []
        for s in self.lines[(label.page, label.line)]:
            if s.index > label.index and s.bbox[0] - label.bbox[2] <= self.max_right_distance:
                if s.index in self.term_codes:
                    continue  # the label's business-term code, set apart from it ("Rechnungsnummer | (BT-1)")
                if self.is_caption(s):
                    break
                out.append(s)
        if out or any(s.bbox[0] >= label.bbox[2] for s in self.lines[(label.page, label.line)]):
            return out
        pos = self.line_pos[(label.page, label.line)]
        # a form's value cell may set its value a little lower or higher than the caption cell's text (a small
        # caption over the value, boxes for a date's parts): a middle up to the label's height from its own counts
        middle, reach = (label.bbox[1] + label.bbox[3]) / 2, label.bbox[3] - label.bbox[1]

        def off(s: Span) -> float:  # a line that only touches the label's is another row's (under a heading)
            shared = min(s.bbox[3], label.bbox[3]) - max(s.bbox[1], label.bbox[1])
            low = min(s.bbox[3] - s.bbox[1], reach)
            return abs((s.bbox[1] + s.bbox[3]) / 2 - middle) if shared >= 0.2 * low else float("inf")

        options: list[tuple[float, list[Span]]] = []
        for key in self.line_keys[max(0, pos - 1): pos + 2]:
            if key[0] != label.page or key == (label.page, label.line):
                continue
            beside = [s for s in self.lines[key] if 0 <= s.bbox[0] - label.bbox[2] <= self.max_right_distance
                      and off(s) <= reach]
            found: list[Span] = []
            for s in beside:
                if self.is_caption(s):
                    break
                found.append(s)
            if found:
                options.append((min(off(s) for s in found), found))
        return min(options, key=lambda o: o[0])[1] if options else out

    def below(self, label: Span) -> list[tuple[int, list[Span]]]:
        """(distance in lines, spans overlapping the label horizontally) for the next lines of its page."""
        out = []
        pos = self.line_pos[(label.page, label.line)]
        for k, key in enumerate(self.line_keys[pos + 1: pos + 1 + self.max_lines_below], start=1):
            if key[0] != label.page:
                break
            lo, hi = label.bbox[0] - 0.02, label.bbox[2] + 0.02
            over = [s for s in self.lines[key] if min(s.bbox[2], hi) > max(s.bbox[0], lo)
                    and s.index not in self.continued]  # (past a caption's second line: "Fecha de" / "vencimiento")
            if over:
                out.append((k, over))
        return out

    def near(self, phrases: list[Phrase], concept: str | None, accept: Callable[[Span], bool],
             largest: bool = False) -> list[Found]:
        """Spans accepted by ``accept`` right of or below a matching label, scored by label and position
        (with ``largest``, the larger of several amounts right of one label ranks first)."""
        found: list[Found] = []
        identifier = concept is not None and identifier_field(concept)
        for label, ls in self.labels(phrases, concept):
            if label.index in self.others_labels:
                continue  # the patient's, the other driver's, the pet's
            if accept(label) and not label.kinds <= LABEL_KINDS:  # value glued to its label
                found.append(Found(label, ls * 0.85, [label]))
            rights = self.right_of(label)
            ok = [x for x in rights
                  if accept(x) and not self._heads_column(label, x) and not self._heads_captions(label, x)]
            if largest:
                ok.sort(key=lambda x: -(x.amount or 0))
            for rank, s in enumerate(ok):
                first = s is rights[0] or largest
                found.append(Found(s, ls * max(0.5, (0.9 if first else 0.8) - 0.05 * rank), [label, s]))
            found.extend(Found(x, ls * 0.8, [label, x]) for x in self._after_currency_below(label) if accept(x))
            # a label heading a table's column over rows of figures, a rate each (a receipt's VAT summary, "IVA |
            # Imponibile | Imposta | Totale"): what is under it is one rate's, not the document's value (a totals
            # block of labels over one row of amounts, "Net | VAT | Total", is the document's)
            head = self.lines[(label.page, label.line)]
            in_table = len(head) >= 3 and not any(x.amount is not None for x in head)
            # an item table's column of row numbers or codes ("Nr | Kod | Towar/usługa | Ilość | Cena"): what is
            # under its heading is a row's, not the document's number
            if identifier and (label.page, label.line) in self.column_headers:
                continue
            cells = self._cells_below(label)
            passed: list[Span] = []  # the lines under the label that held nothing for it
            for dist, over in self.below(label) if cells is None else cells:
                if any(self.is_caption(s) for s in over):
                    break  # the next label of a stack
                # a value under the label itself before a neighbour's that only comes near it
                hits = [x for x in over if accept(x) and not self._labelled_beside(x) and x.index not in self.term_codes
                        and not (identifier and self._reference_over(x, passed, phrases, concept))]
                passed = over
                aligned = [_overlap(x, label) for x in hits]
                clear = max(aligned, default=0.0) >= 0.5
                row = in_table and bool(over) and self._rows_of_figures(over[0])
                for s, a in zip(hits, aligned, strict=True):
                    off = (0.1 if clear and a < 0.3 else 0.0) + (0.3 if row else 0.0)
                    found.append(Found(s, ls * (0.85 - 0.1 * dist - off), [label, s]))
                if hits:
                    break
            if not any(f.spans[0] is label for f in found) and (s := self._boxed_under(label)) is not None \
                    and accept(s):
                found.append(Found(s, ls * 0.6, [label, s]))
        return sorted(found, key=lambda f: -f.confidence)

    def _heads_captions(self, label: Span, span: Span) -> bool:
        """Whether ``span``, beside ``label`` on the line over or under its own, heads a column of captions: a caption
        starts right under it on the next line or the one after ("Vertrag" over "Policen-Nr.", a line above "Name,
        Vorname"), a section's heading, not a value set a little off its caption's line; on the label's own line, one
        far off, in the next column ("Nom et prénom" … "Contrat" over "N° de police")."""
        same = (span.page, span.line) == (label.page, label.line)
        if same and (span.bbox[0] - label.bbox[2] < 0.15
                     or any(c.isdigit() for c in re.sub(r"^\d{1,2}[.)]\s+", "", span.text))):  # ("2. Forsikring")
            return False
        pos = self.line_pos[(span.page, span.line)]
        return any(self.is_caption(x) and abs(x.bbox[0] - span.bbox[0]) <= 0.01
                   for key in self.line_keys[pos + 1: pos + (2 if same else 3)] if key[0] == span.page
                   for x in self.lines[key])

    def _reference_over(self, span: Span, above: list[Span], phrases: list[Phrase], concept: str | None) -> bool:
        """Whether one of ``above``, the line right over ``span``, is the caption of another reference that stands over
        it: a customer's or an order's number in a row of captions over their values ("Our ref. | Customer ID |
        Order ref." over "SI49370 | K16185 | PO-446434"), which a document's title further up does not label. The
        field's own caption, read as none (OCR's "Policynumber" under a section's "Policy"), is no other's."""
        for x in above:
            toks = self.tokens.get(x.index, ())
            if (toks and len(toks) <= 3 and (toks[-1] in _REFERENCE_TAILS or NUMBER_COMPOUND.search(toks[-1]))
                    and not any(c.isdigit() for c in x.text) and _overlap(span, x) >= 0.5
                    and label_score(toks, phrases, concept) < 0.5
                    and not (concept and any(t.startswith(concept.split("_")[0]) for t in toks))):
                return True
        return False

    def boxes_option(self, span: Span) -> bool:
        """Whether ``span`` is the option of the check box right before it on its line ("☐ Travel" beside "Town/City":
        no town), set within two characters of it."""
        line = self.lines[(span.page, span.line)]
        k = line.index(span)
        if k == 0 or line[k - 1].checked is None:
            return False
        return span.bbox[0] - line[k - 1].bbox[2] <= 2.5 * (span.bbox[3] - span.bbox[1])

    def _after_currency_below(self, label: Span) -> list[Span]:
        """For a label alone on its line, the figures of the next line when what stands under the label is only a
        currency's code or sign: a till roll sets its total so, the label over the currency at the left and the
        sum at the right ("TOTALE COMPLESSIVO" over "EUR            73,41")."""
        if len(self.lines[(label.page, label.line)]) != 1:
            return []
        line = self._next_line(label)
        under = [x for x in line if min(x.bbox[2], label.bbox[2]) > max(x.bbox[0], label.bbox[0])]
        if not under or any(x.amount is not None or x.currency is None for x in under):
            return []
        return [x for x in line if x.amount is not None and x.bbox[0] > label.bbox[2]]

    def _next_line(self, span: Span) -> list[Span]:
        """The spans of the line after ``span``'s on its page; none on its page's last line."""
        pos = self.line_pos[(span.page, span.line)]
        if pos + 1 >= len(self.line_keys) or self.line_keys[pos + 1][0] != span.page:
            return []
        return self.lines[self.line_keys[pos + 1]]

    def _heads_column(self, label: Span, span: Span) -> bool:
        """Whether ``span``, right of ``label``, heads a section of its own as the label heads one: on the next line
        a caption starts under each ("Versicherungsnehmer | Vertrag" over "Name, Vorname | … |
        Versicherungsschein-Nr. | …")."""
        under = [x for x in self._next_line(label) if self.is_caption(x)]
        return any(abs(x.bbox[0] - label.bbox[0]) <= 0.01 for x in under) and \
            any(abs(x.bbox[0] - span.bbox[0]) <= 0.01 for x in under)

    def _cells_below(self, label: Span) -> list[tuple[int, list[Span]]] | None:
        """For a label in a row of labels over a row of values (a grid's cells, each label at its cell's left, each
        value at its right: FatturaPA's "Totale imponibile | Totale imposta" over "1.638,68 | 360,51"), the spans
        below that are its: each value goes to the label it lies under by a third of its width or more, or flush
        right with, else to the label whose cell (from its start to the next label's) holds its middle; a rate after a label is part of its
        caption ("Tax 8.25%"). None where the label's line holds a value."""
        line = self.lines[(label.page, label.line)]
        if len(line) < 2 or any(x.date is not None or x.amount is not None and not x.has(SpanKind.PERCENT)
                                for x in line):
            return None
        # each caption with the rate printed after it ("Tax | 8.25%"): one cell's caption
        head: list[tuple[int, float, float]] = []
        for x in line:
            if x.has(SpanKind.PERCENT) and head:
                head[-1] = (head[-1][0], head[-1][1], x.bbox[2])
            else:
                head.append((x.index, x.bbox[0], x.bbox[2]))

        def shared(s: Span, h: tuple[int, float, float]) -> float:
            return min(s.bbox[2], h[2]) - max(s.bbox[0], h[1])

        def owner(s: Span) -> int | None:
            best = max(head, key=lambda h: shared(s, h))
            if shared(s, best) >= 0.3 * (s.bbox[2] - s.bbox[0]):
                return best[0]
            flush = [h for h in head if abs(h[2] - s.bbox[2]) <= 0.01 and shared(s, h) > 0]
            if flush:  # set flush right under its caption, a value wider than it ("Total" over "EUR 1.469,28")
                return flush[0][0]
            middle = (s.bbox[0] + s.bbox[2]) / 2
            return max((h for h in head if h[1] <= middle + 0.01), key=lambda h: h[1], default=(None, 0, 0))[0]

        out = []
        pos = self.line_pos[(label.page, label.line)]
        for k, key in enumerate(self.line_keys[pos + 1: pos + 1 + self.max_lines_below], start=1):
            if key[0] != label.page:
                break
            # (past the second line of a caption the cell wrapped: "Fecha de" over "vencimiento")
            over = [s for s in self.lines[key] if owner(s) == label.index and s.index not in self.continued]
            if over:
                out.append((k, over))
        return out

    def _boxed_under(self, label: Span) -> Span | None:
        """The value a form's box sets right-aligned under its small caption ("NETTOBETRAG" over "1'252.85" at
        the box's right edge): the next line holds one span, wholly right of the caption and within its height
        of it, and nothing but a rate or a currency stands right of the caption on its own line."""
        if any(x.bbox[0] >= label.bbox[2] and not (x.has(SpanKind.PERCENT) or x.kinds == {SpanKind.CURRENCY})
               for x in self.lines[(label.page, label.line)]):
            return None
        line = self._next_line(label)
        if len(line) != 1 or line[0].bbox[0] <= label.bbox[2] or \
                line[0].bbox[0] - label.bbox[2] > self.max_right_distance or self.is_caption(line[0]):
            return None
        return line[0] if line[0].bbox[1] - label.bbox[3] <= label.bbox[3] - label.bbox[1] else None

    def _labelled_beside(self, span: Span) -> bool:
        """Whether a colon label stands just left of ``span`` on its line: the value is that label's ("Datum
        vzniku onemocnění: 22. 9. 2024" under an empty "Datum narození:" of the column beside)."""
        line = self.lines[(span.page, span.line)]
        pos = line.index(span)
        return pos > 0 and line[pos - 1].kinds == {SpanKind.LABEL}

    def _rows_of_figures(self, span: Span) -> bool:
        """Whether ``span``'s line and the next one each hold a tax rate and three figures or more: two rows of a
        VAT summary, a rate each."""
        pos = self.line_pos[(span.page, span.line)]
        keys = self.line_keys[pos:pos + 2]
        return len(keys) == 2 and keys[1][0] == span.page and all(
            sum(x.amount is not None for x in self.lines[key]) >= 3
            and any("%" in x.text for x in self.lines[key]) for key in keys)  # ("A22%": OCR ran code and rate)

    def boxes_near(self, label: Span) -> list[tuple[Span, str]]:
        """Check boxes on the label's line and the next, each with the option text beside it."""
        pos = self.line_pos[(label.page, label.line)]
        out = []
        for key in self.line_keys[pos: pos + 2]:
            line = self.lines[key]
            for i, s in enumerate(line):
                if s.checked is None:
                    continue
                text = option_text(line, i)
                if not text and i == len(line) - 1 and (rest := self._wrapped_option(line)) is not None:
                    text = rest.text
                out.append((s, text))
        return out

    def _wrapped_option(self, line: list[Span]) -> Span | None:
        """The option of a line's last box that the row of options wrapped onto the next line ("☐ Santé ☒" over
        "Voyage"): the next line's first span, a text starting where the line's first box starts."""
        first_box = next(s for s in line if s.checked is not None)
        pos = self.line_pos[(line[0].page, line[0].line)]
        if pos + 1 >= len(self.line_keys) or self.line_keys[pos + 1][0] != line[0].page:
            return None
        nxt = self.lines[self.line_keys[pos + 1]][0]
        height = first_box.bbox[3] - first_box.bbox[1]
        if (nxt.checked is not None or not nxt.has(SpanKind.TEXT) or abs(nxt.bbox[0] - first_box.bbox[0]) > height
                or nxt.bbox[1] - first_box.bbox[3] > 1.5 * height):
            return None
        return nxt

    def box_and_option(self, box: Span) -> Span:
        """The box with the option word beside it, as one span (for grounding)."""
        line = self.lines[(box.page, box.line)]
        i = line.index(box)
        if (before := _option_before(line, i)) is not None and option_text(line, i) == before.text:
            return merge_spans([before, box])
        if i + 1 < len(line) and line[i + 1].checked is None and option_text(line, i) == line[i + 1].text:
            return merge_spans([box, line[i + 1]])
        return box
