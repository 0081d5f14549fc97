"""Finding a line-item table in a document's spans.

A header is a line where at least two column labels of the row model are found (description, quantity,
unit price, amount, or any field names for other models), matched word by word so that two labels sharing one
cell ("BTW Hoeveelheid") still get their own x-ranges. Below it, each line with a number under a numeric column
is a row; a row's spans go to the column they overlap most. The table stops at a totals line (a line the caller's
``is_stop`` recognises), restarts at a repeated header (multi-page tables), and lines between rows without numbers
(notes, serial numbers, section titles) are skipped, except a description's rest wrapped onto the next lines,
also onto the next page after its running header. Where the header's labels stand at the left of their cells over
figures set at the right (a word processor's table), each column runs from its label to the next one instead.
Without any header, runs of lines with a text and two or more amounts are taken as rows.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from engine.base import SIGNATURE_MARK, Word
from engine.dates import parse_date
from engine.labels import RUN_TOGETHER, Phrase, known_label_words, label_phrases, label_score, label_tokens
from engine.numbers import is_product, parse_amount
from engine.spandoc import opens_bracket
from engine.spans import Span, SpanKind, measure_word, narrowed, unit_word

__all__ = ["OPEN_WORDS", "Column", "TableRow", "find_table", "match_columns"]

_NUMERIC = frozenset({SpanKind.AMOUNT, SpanKind.INTEGER, SpanKind.QUANTITY})


@dataclass(frozen=True)
class Column:
    """A field of the row model: its label phrases and whether it holds numbers."""

    name: str
    phrases: list[Phrase]
    numeric: bool
    concept: str | None = None


@dataclass
class TableRow:
    """One row: for each field the spans that fill it (several for a description)."""

    line: tuple[int, int]
    cells: dict[str, list[Span]] = field(default_factory=dict)


def _lines(spans: Sequence[Span]) -> list[list[Span]]:
    out: list[list[Span]] = []
    for s in spans:
        if out and (out[-1][0].page, out[-1][0].line) == (s.page, s.line):
            out[-1].append(s)
        else:
            out.append([s])
    return out


def match_columns(runs: Sequence[tuple[int, int]], words: Sequence[Word], columns: Sequence[Column],
                  floor: float) -> dict[str, tuple[int, int]]:
    """Column name → the word run (first, last word index) holding its label: every run scored against every
    column (at least ``floor``), then the best matches taken first, longer runs before shorter on a tie, each
    column and each word used once."""
    scored = []
    for col in columns:
        for lo, hi in runs:
            sc = label_score(" ".join(words[i].text for i in range(lo, hi + 1)), col.phrases)
            if sc >= floor:
                scored.append((sc, hi - lo, col.name, lo, hi))
    scored.sort(key=lambda t: (-t[0], -t[1]))
    taken: dict[str, tuple[int, int]] = {}
    for _, _, name, lo, hi in scored:
        if name not in taken and all(hi < a or lo > b for a, b in taken.values()):
            taken[name] = (lo, hi)
    return taken


#: a short abbreviation with its stop, which a header's next word completes ("P. unit.", "Pr. unit.", "N. ord.")
_ABBREVIATION = re.compile(r"[^\W\d_]{1,3}\.")


#: the label of a column of codes (a tariff code, a bar code, an article number), which a header may set close before
#: the next column's ("HSN/SAC Qty", "EAN Menge")
_CODE_LABEL = re.compile(r"(?i)hsn(?:\s?/\s?sac)?|sac|ean(?:-?13)?|gtin|upc|sku|pzn|art(?:ikel)?\.?\s?-?\s?n[ro]\.?|"
                         r"item code|code|ref\.?|réf\.?|cikksz[aá]m")
#: the labels of the tax, which head a column of VAT rates ("Moms %", "MwSt.-Satz")
_TAX_PHRASES = label_phrases("tax")[1]
#: a unit of measure's label, as label tokens ("Unit", "UoM", "Einheit", "Un.", "Eenh.", "J.m.", "MJ")
_UNIT_LABELS = frozenset((t,) for t in "unit uom um einheit einh me unite unidad unid ud un unita eenheid eenh jm "
                         "jednostka jednostke jedn enhet enh yksikko yks mj birim unidade mertekegyseg mertekegy "
                         "".split()) | {("u", "m"), ("unit", "measure")}


def _header(line: list[Span], words: Sequence[Word], columns: Sequence[Column]) -> dict[str, tuple[float, float]]:
    """Column name → x-range for a header line, or {} when fewer than two columns match.

    Header words that match no column become decoy columns (named ``_0``, ``_1``, ...) so that the numbers under
    them (discount, VAT rate, position) are not pulled into a neighbouring column. A text column reaches to the
    start of the next column, since descriptions run on past their header.
    """
    if any(s.has(SpanKind.AMOUNT) and not s.has(SpanKind.INTEGER) for s in line):
        return {}
    # word runs of up to four words inside each text span, never across a gap of two spaces or more: labels of
    # two columns set close together ("Price  Units", "Quantity  Unit  Price") are one span, yet two labels
    line_words = [words[i] for s in line for i in s.word_indices]
    cw = sum(w.bbox[2] - w.bbox[0] for w in line_words) / max(1, sum(len(w.text) for w in line_words))
    runs: list[tuple[int, int]] = []
    for s in line:
        if s.kinds & {SpanKind.TEXT, SpanKind.LABEL, SpanKind.PERCENT}:
            idx = s.word_indices
            # (an abbreviation's stop reads on into the next word across a wider gap: "P.  unit.", "Pr.  unit.")
            wide = [k for k in range(1, len(idx)) if words[idx[k]].bbox[0] - words[idx[k - 1]].bbox[2] >= 1.2 * cw
                    and not (_ABBREVIATION.fullmatch(words[idx[k - 1]].text)
                             and words[idx[k]].bbox[0] - words[idx[k - 1]].bbox[2] < 2.5 * cw)]
            # a run that a number's sign or word follows is that number's label ("Item #", "Article No."): the
            # column of codes beside the items' "Item" is not their description
            runs += [(idx[a], idx[b - 1]) for a in range(len(idx)) for b in range(a + 1, min(a + 4, len(idx)) + 1)
                     if not any(a < k < b for k in wide)
                     and not (b < len(idx) and label_tokens(words[idx[b]].text) == ("no",))]
    taken = match_columns(runs, words, columns, 0.5)
    garbled: set[str] = set()  # decoy columns whose label reads as no known label's words (OCR garbled it)
    numeric = {c.name for c in columns if c.numeric}
    if len(taken) < 2 or not set(taken) & numeric:
        return {}
    ranges = {name: (words[lo].bbox[0], words[hi].bbox[2]) for name, (lo, hi) in taken.items()}
    _split_glued_labels(ranges, taken, words, columns)
    for s in line:
        owners = [name for name, (lo, hi) in taken.items() if any(lo <= i <= hi for i in s.word_indices)]
        x0, x1 = s.bbox[0], s.bbox[2]
        if len(owners) == 1:  # "Hrs/Qty Unit": the rest of the cell belongs to its column
            a, b = ranges[owners[0]]
            lo, hi = taken[owners[0]]
            for part in _parts(s.word_indices, words):
                if lo <= part[-1] and part[0] <= hi:
                    code = [i for i in part if i < lo]  # "HSN/SAC Qty": the codes' label set close before it
                    text = " ".join(words[i].text for i in code)
                    # ... or the VAT rate's ("ÁFA Menny."), set close before it
                    if code and (_CODE_LABEL.fullmatch(text) or label_score(text, _TAX_PHRASES) >= 0.6):
                        ranges[f"_{len(ranges)}"] = (words[code[0]].bbox[0], words[code[-1]].bbox[2])
                        part = [i for i in part if i >= lo]
                    rate = [i for i in part if i > hi]  # "Stk.pris Moms %": the VAT rate's label set close after it
                    if rate and label_score(" ".join(words[i].text for i in rate), _TAX_PHRASES) >= 0.6:
                        ranges[f"_{len(ranges)}"] = (words[rate[0]].bbox[0], words[rate[-1]].bbox[2])
                        part = [i for i in part if i <= hi]
                    ranges[owners[0]] = (min(a, words[part[0]].bbox[0]), max(b, words[part[-1]].bbox[2]))
                else:  # a label set two spaces apart heads a column of its own ("ANZ  SK": a tax code's)
                    ranges[f"_{len(ranges)}"] = (words[part[0]].bbox[0], words[part[-1]].bbox[2])
        elif len(owners) >= 2:  # "Qty  Unit  Unit Price": a label between two columns' labels heads a decoy column
            left = [i for i in s.word_indices if not any(lo <= i <= hi for lo, hi in taken.values())]
            # (labels of two header lines read as one, "Prix" over "unitaire HT" beside "Qté", overlap: the words
            # left over may be either's)
            apart = all(ranges[a][1] <= ranges[b][0] or ranges[b][1] <= ranges[a][0]
                        for a, b in itertools.combinations(owners, 2))
            for part in _parts(left, words) if left else []:
                text = " ".join(words[i].text for i in part)  # a unit's label, or the VAT rate's ("ÁFA  Menny.")
                if any(c.isalpha() for c in text) and (label_tokens(text) in _UNIT_LABELS
                                                       or label_score(text, _TAX_PHRASES) >= 0.6):
                    ranges[f"_{len(ranges)}"] = (words[part[0]].bbox[0], words[part[-1]].bbox[2])
                elif apart and (owner := next((n for n in owners if taken[n][1] == part[0] - 1), None)) is not None:
                    # the rest of the label before it ("Qté  Prix unitaire HT": "HT", before the price's unit)
                    ranges[owner] = (ranges[owner][0], max(ranges[owner][1], words[part[-1]].bbox[2]))
        elif s.kinds == {SpanKind.CURRENCY}:  # "Amount (EUR)": the unit of the column on its left
            left = max((k for k, (a, b) in ranges.items() if b <= x0), key=lambda k: ranges[k][1], default=None)
            if left is not None and x0 - ranges[left][1] <= 3 * cw:
                ranges[left] = (ranges[left][0], x1)
            else:  # set apart: a column of its own, whose label may have wrapped onto the line above it
                ranges[f"_{len(ranges)}"] = (x0, x1)
        elif not owners and (col := _truncated_label(s.text, columns, ranges)) is not None:
            ranges[col] = (x0, x1)  # a fixed-width listing's label cut short ("ARTIKEL/BESKRIVNI")
        elif not owners and (col := _second_price(s, line, ranges, columns, words)) is not None:
            ranges[col] = (x0, x1)
        elif not owners:  # a header of no field (discount, VAT rate, code): a decoy column
            decoy = f"_{len(ranges)}"
            ranges[decoy] = (x0, x1)
            if not known_label_words(label_tokens(s.text)):
                garbled.add(decoy)
    _unread_amount(ranges, garbled, columns)
    starts = sorted(a for a, _ in ranges.values())
    for col in columns:
        if not col.numeric and col.name in ranges:
            a, b = ranges[col.name]
            nxt = next((x for x in starts if x > b), None)
            ranges[col.name] = (a, max(b, nxt - 0.005) if nxt is not None else b)
    return ranges


def _unread_amount(ranges: dict[str, tuple[float, float]], garbled: set[str], columns: Sequence[Column]) -> None:
    """A header whose amount's label no column matched (OCR garbled it: "Tutar" read as "Tuftair"), but whose unit
    price it did: the last column, right of the price's, headed by words of no known label, is the amount's."""
    by = {c.concept: c for c in columns}
    price, amount = by.get("unit_price"), by.get("amount")
    if price is None or amount is None or amount.name in ranges or price.name not in ranges:
        return
    last = max(ranges, key=lambda name: ranges[name][0])
    if last in garbled and ranges[last][0] > ranges[price.name][1]:
        ranges[amount.name] = ranges.pop(last)


def _second_price(span: Span, line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column],
                  words: Sequence[Word]) -> str | None:
    """The amount's column for a price heading the last column, right of the unit price's, where no column is
    headed as the amount: WooCommerce's "Product | Qty | Unit Price | Price", the line's price."""
    by = {c.concept: c for c in columns}
    price, amount = by.get("unit_price"), by.get("amount")
    if price is None or amount is None or amount.name in ranges or price.name not in ranges \
            or span is not line[-1] or span.bbox[0] <= ranges[price.name][1]:
        return None
    idx = span.word_indices
    return amount.name if match_columns([(idx[0], idx[-1])], words, [price], 0.5) else None


def _parts(indices: Sequence[int], words: Sequence[Word]) -> list[list[int]]:
    """The word indices of a span cut where its words stand two spaces or more apart, by the width of its own
    characters (a scan's OCR sets one space wider or narrower than a character, a fixed-width font two)."""
    chars = sum(len(words[i].text) for i in indices)
    cw = sum(words[i].bbox[2] - words[i].bbox[0] for i in indices) / max(1, chars)
    cuts = [0, *(k for k in range(1, len(indices))
                 if words[indices[k]].bbox[0] - words[indices[k - 1]].bbox[2] >= 1.7 * cw), len(indices)]
    return [list(indices[a:b]) for a, b in zip(cuts, cuts[1:], strict=False)]


def _truncated_label(text: str, columns: Sequence[Column], ranges: dict[str, tuple[float, float]]) -> str | None:
    """The text column no label of the header matched whose label's word ``text`` starts, cut short where a
    fixed-width listing's column ends: a word of six letters or more that begins a word of its phrases and is
    none itself ("BESKRIVNI" of "beskrivning")."""
    for col in columns:
        if col.numeric or col.name in ranges:
            continue
        vocabulary = {w for ph in col.phrases for w in ph.tokens}
        if any(len(t) >= 6 and t not in vocabulary and any(w.startswith(t) for w in vocabulary)
               for t in label_tokens(text)):
            return col.name
    return None


def _second_header_line(ranges: dict[str, tuple[float, float]], line: list[Span], below: list[Span],
                        words: Sequence[Word], columns: Sequence[Column]) -> dict[str, tuple[float, float]]:
    """``ranges`` with each decoy column whose label goes on on the header's next line renamed for the field the
    two lines name together ("Unit" over "Price": the unit price; a narrow cell wraps its label). The next line
    must hold words only (a row's figures are no label)."""
    if any(s.amount is not None or not s.kinds & {SpanKind.TEXT, SpanKind.LABEL, SpanKind.CURRENCY} for s in below):
        return ranges
    out = dict(ranges)
    for name, (a, b) in ranges.items():
        if not name.startswith("_"):
            continue
        top = _texts_within(line, a, b, words)
        under = [s for s in below if s.has(SpanKind.TEXT) and min(s.bbox[2], b) - max(s.bbox[0], a) > 0]
        if top and len(under) == 1:
            _rename_decoy(out, name, [" ".join([*top, under[0].text])], under[0], columns)
    return out


def _texts_within(line: list[Span], a: float, b: float, words: Sequence[Word]) -> list[str]:
    """The words of ``line`` that stand wholly between ``a`` and ``b``."""
    return [words[i].text for s in line for i in s.word_indices if a <= words[i].bbox[0] and words[i].bbox[2] <= b]


def _rename_decoy(out: dict[str, tuple[float, float]], name: str, labels: list[str], part: Span,
                  columns: Sequence[Column]) -> None:
    """Decoy column ``name`` of ``out`` renamed for the field one of ``labels`` names best (0.8 at least), widened
    to the label's ``part`` on the other line; left as it is where none names a field not yet in ``out``."""
    a, b = out[name]
    best = max(((max(label_score(t, c.phrases) for t in labels), c.name) for c in columns if c.name not in out),
               default=None)
    if best is not None and best[0] >= 0.8:
        del out[name]
        out[best[1]] = (min(a, part.bbox[0]), max(b, part.bbox[2]))


def _first_header_line(ranges: dict[str, tuple[float, float]], above: list[Span], line: list[Span],
                       words: Sequence[Word], columns: Sequence[Column]) -> dict[str, tuple[float, float]]:
    """``ranges`` with each decoy column whose label began on the line right above the header renamed for the
    field the two lines name together ("Einzelpreis" over "(EUR)": the unit price). The line above must hold
    words only, a leading over the header."""
    if not above or above[0].page != line[0].page or above[0].line != line[0].line - 1 \
            or any(s.amount is not None or not s.kinds & {SpanKind.TEXT, SpanKind.LABEL} for s in above) \
            or not _a_leading_under(line, above, words):
        return ranges
    out = dict(ranges)
    for name, (a, b) in ranges.items():
        if not name.startswith("_"):
            continue
        over = [s for s in above if min(s.bbox[2], b) - max(s.bbox[0], a) > 0]
        if len(over) == 1:  # (the decoy's own words may be a unit, "(EUR)", that the label over them names alone)
            own = _texts_within(line, a, b, words)
            _rename_decoy(out, name, [" ".join([over[0].text, *own]), over[0].text], over[0], columns)
    return out


def _label_rest(line: list[Span], header: list[Span], ranges: dict[str, tuple[float, float]],
                columns: Sequence[Column], words: Sequence[Word]) -> bool:
    """Whether ``line``, right under the header line ``header``, is the rest of its labels: words only (no
    figure), each under a column and one under a figures' column at least (a description's first line is no
    label), a line's leading below ("Cena jedn. | Wartość" over "netto | netto (PLN)", which would read as a
    totals line)."""
    if line[0].page != header[0].page or line[0].line != header[0].line + 1:
        return False
    if any(s.amount is not None or s.date is not None
           or not s.kinds & {SpanKind.TEXT, SpanKind.LABEL, SpanKind.CURRENCY} for s in line):
        return False
    under = [[name for name, (a, b) in ranges.items() if min(s.bbox[2], b) - max(s.bbox[0], a) > 0] for s in line]
    numeric = {c.name for c in columns if c.numeric}
    if not all(under) or not any(name in numeric for names in under for name in names):
        return False
    return _a_leading_under(line, header, words)


def _a_leading_under(line: list[Span], above: list[Span], words: Sequence[Word]) -> bool:
    """Whether ``line`` starts less than 0.8 of its height under the bottom of ``above``: the next line of one
    block, not a row's gap away."""
    top, height = _top_and_height(line, words)
    return top - max(words[i].bbox[3] for s in above for i in s.word_indices) <= 0.8 * height


def _joined_header(before: tuple[list[Span], dict[str, tuple[float, float]]] | None, line: list[Span],
                   ranges: dict[str, tuple[float, float]],
                   words: Sequence[Word]) -> dict[str, tuple[float, float]] | None:
    """The columns of a header line that the line right before it (``before``: that line and its columns) began:
    a photo taken at a slant sets the right half of a header row a line lower in the reading order ("Pos.
    Bezeichnung Menge" over "Einzelpreis Betrag"). Both must name other columns, side by side with no overlap,
    the second line right under the first. None where the two are not one header."""
    if before is None:
        return None
    above, earlier = before
    if line[0].page != above[0].page or line[0].line != above[0].line + 1:
        return None

    def named(r: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        return {k: v for k, v in r.items() if not k.startswith("_")}

    def overlaps(v: tuple[float, float], others: Sequence[tuple[float, float]]) -> bool:
        return any(min(v[1], b) - max(v[0], a) > 0 for a, b in others)

    first, second = named(earlier), named(ranges)
    if set(first) & set(second) or any(overlaps(v, list(first.values())) for v in second.values()):
        return None
    if not _a_leading_under(line, above, words):
        return None
    out = {**first, **second}
    for r in (earlier, ranges):  # the decoys (a position's, a tax code's) where no named column lies
        for k, v in r.items():
            if k.startswith("_") and not overlaps(v, list(out.values())):
                out[f"_{len(out)}"] = v
    return out


def _split_glued_labels(ranges: dict[str, tuple[float, float]], taken: dict[str, tuple[int, int]],
                        words: Sequence[Word], columns: Sequence[Column]) -> None:
    """Two column labels OCR ran into one word ("EinzelpreisGesamtpreis", "Unit PriceAmount"): where the word's
    parts, cut at the capital, each read as a column and the second column has no label of its own, the word's
    width is shared between the two, by their letters."""
    by_name = {c.name: c for c in columns}
    for name, (lo, hi) in list(taken.items()):
        text = words[hi].text
        cuts = [m.start() for m in RUN_TOGETHER.finditer(text)]
        if len(cuts) != 1:
            continue
        head, tail = text[:cuts[0]], text[cuts[0]:]
        left = " ".join([*(words[i].text for i in range(lo, hi)), head])
        if label_score(left, by_name[name].phrases) < 0.8:
            continue
        other = next((c for c in columns if c.name not in taken and label_score(tail, c.phrases) >= 0.8), None)
        if other is None:
            continue
        x0, x1 = words[hi].bbox[0], words[hi].bbox[2]
        cut = x0 + (x1 - x0) * len(head) / len(text)
        ranges[name] = (ranges[name][0], cut)
        ranges[other.name] = (cut, x1)
        taken[other.name] = (hi, hi)


def _column_of(span: Span, ranges: dict[str, tuple[float, float]], text_cols: set[str],
               taken: frozenset[str] = frozenset(), overlapping: bool = False) -> str | None:
    """The column a span overlaps most (with ``overlapping``, None where it overlaps none), else the nearest of
    those no other span of its line is given for its overlap (``taken``; a sliver over such a column counts as
    none), words left of a text column's label rather in that column; numbers ignore how far text columns reach.
    Under a header centred over its cell, a short description ends left of its label, nearer to the position
    column, which its row's number fills (or would: OCR may drop it). A figure with its unit ("2 Stück") is the
    quantity column's where it reaches under it at all."""
    x0, x1 = span.bbox[0], span.bbox[2]
    if span.kinds & _NUMERIC and not span.has(SpanKind.TEXT):
        ranges = {k: (a, min(b, a + 0.5 * (b - a) + 0.03)) if k in text_cols else (a, b)
                  for k, (a, b) in ranges.items()}
    worded = span.has(SpanKind.TEXT) and sum(c.isalpha() for c in span.text) >= 2
    overlaps = {name: min(x1, b) - max(x0, a) for name, (a, b) in ranges.items()}
    best = max(overlaps, key=lambda name: overlaps[name]) if overlaps else None
    # a sliver over a column another span of the line fills ("Reiskosten" touching "Artikelcode"'s label) is no
    # overlap: the span is its own column's, if it has one near
    sliver = best is not None and best in taken and overlaps[best] < 0.3 * (x1 - x0)
    if best is not None and overlaps[best] > 0 and not (sliver and not overlapping):
        if span.has(SpanKind.QUANTITY) and not span.has(SpanKind.TEXT) and (
                counted := [n for n in overlaps if overlaps[n] > 0 and not n.startswith("_") and n not in text_cols]):
            return max(counted, key=lambda name: overlaps[name])  # "2 Stück" under Qty, its unit under Unit
        if span.has(SpanKind.QUANTITY) and not span.has(SpanKind.TEXT) and best.startswith("_") and (
                left := [n for n, (a, b) in ranges.items() if not n.startswith("_") and n not in text_cols
                         and b <= x0 <= b + _COLUMN_GAP and overlaps[best] < 0.5 * (x1 - x0)]):
            # "997 kg": the figure set right past its label's end, its unit's first letters under the unit's label
            return max(left, key=lambda name: ranges[name][1])
        return best
    if overlapping:
        return None
    near = {name: d for name, (a, b) in ranges.items() if (d := max(a - x1, x0 - b, 0.0)) <= 0.12}
    if not near:
        return None  # far from every column
    # words left of a text column's label: its cell's start, under a label centred over the cell; a figure with its
    # unit between the quantity's label and the unit's ("31 m") is the quantity's
    with_unit = span.has(SpanKind.QUANTITY) and not span.has(SpanKind.TEXT)
    return max(near, key=lambda name: (name not in taken,
                                       with_unit and not name.startswith("_") and name not in text_cols,
                                       worded and name in text_cols and x1 <= ranges[name][0], -near[name]))


def _description_column(columns: Sequence[Column], ranges: dict[str, tuple[float, float]]) -> str | None:
    """The first text column the table's header shows: where a row's description is."""
    return next((c.name for c in columns if not c.numeric and c.name in ranges), None)


#: a gap (page widths) no description has between its words: what stands before it is another column's
_COLUMN_GAP = 0.05


def _in_words(spans: list[Span], k: int) -> bool:
    """Whether ``spans[k]`` follows words of its own cell: a part of the text it goes on."""
    return k > 0 and spans[k - 1].cell == spans[k].cell and spans[k - 1].has(SpanKind.TEXT) \
        and sum(c.isalpha() for c in spans[k - 1].text) >= 2


def _beside_column(texts: list[Span], start: float) -> list[Span]:
    """A row's description without what a column to its left put on its line: a sidebar's label beside the line
    items (``DATA DI SCADENZA`` before ``Carta A4``), set apart by a gap no description has, where the words after
    the gap start at the description column (``start``, its label's left edge) or later."""
    for k in range(len(texts) - 1, 0, -1):
        if texts[k].bbox[0] - texts[k - 1].bbox[2] > _COLUMN_GAP and texts[k].bbox[0] >= start - 0.01:
            return texts[k:]
    return texts


def _before_figures(texts: list[Span], by_col: dict[str, list[Span]], text_col: str, end: float) -> list[Span]:
    """A description without words set past its column's end behind another column's figure: the figure's unit
    (``4,5 timer`` after ``… gipsstøv og``, under a count's label that heads both), not the description's."""
    figures = [s for col, got in by_col.items() if col != text_col for s in got if s.kinds & _NUMERIC]
    kept = [s for s in texts if not (s.bbox[0] >= end and any(
        end <= f.bbox[0] and f.bbox[2] <= s.bbox[0] for f in figures))]
    return kept or texts


def _pick(spans: list[Span], prefer: tuple[SpanKind, ...]) -> Span | None:
    for kind in prefer:
        for s in reversed(spans):
            if s.has(kind):
                return s
    return None


def _with_rates_in_cell(texts: list[Span], line: list[Span]) -> list[Span]:
    """A description's spans with a rate printed in the cell of one of its words ("Sconto 5%"), in line order."""
    cells = {x.cell for x in texts if x.kinds & {SpanKind.TEXT, SpanKind.LABEL}}
    rates = {x.index for x in line if x.has(SpanKind.PERCENT) and x.cell in cells}
    if not rates:
        return texts
    keep = rates | {x.index for x in texts}
    return [x for x in line if x.index in keep]


def _price_after_times(row: TableRow, line: list[Span], columns: Sequence[Column]) -> None:
    """A count times its price in one cell ("1 × 135,20" under "Antal", as a web shop's label prints an order line):
    where the row has no unit price, the price after the count is it, if the count times it is the row's amount."""
    name = {c.concept: c.name for c in columns}
    qn, pn, an = name.get("quantity"), name.get("unit_price"), name.get("amount")
    count = row.cells.get(qn or "")
    if not (count and pn) or row.cells.get(pn) or count[0].unit != "×":
        return
    price = next((s for s in line if s.cell == count[0].cell and s.bbox[0] > count[0].bbox[2]), None)
    amount = (row.cells.get(an or "") or [None])[0]
    if price is None or price is amount or price.amount is None or count[0].amount is None:
        return
    if amount is None or amount.amount is None or is_product(count[0].amount, price.amount, amount.amount):
        row.cells[pn] = [price]


def _row(line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column]) -> TableRow | None:
    by_col: dict[str, list[Span]] = {}
    text_cols = {c.name for c in columns if not c.numeric}
    owned = [(s, col) for s in line if (col := _column_of(s, ranges, text_cols, overlapping=True))]
    for s in line:
        # a text column holds many spans: one taken by another span of the line ("76x76 (12)" under its label) is
        # still the column of words left of them ("Post-it Notes"), and of a figure after its words ("Cable Ties"
        # then "200 mm"), not of a count before them ("12 | Heures de conseil")
        worded = s.has(SpanKind.TEXT) and sum(c.isalpha() for c in s.text) >= 2
        held = {c for c in text_cols if any(o.bbox[2] <= s.bbox[0] for o in by_col.get(c, []))}
        col = _column_of(s, ranges, text_cols, frozenset(
            c for o, c in owned if o is not s and (c not in text_cols or not (worded or c in held))))
        if col is not None:
            by_col.setdefault(col, []).append(s)
    _spread_crowded(by_col, ranges, text_cols)
    row = TableRow(line=(line[0].page, line[0].line))
    text_col = _description_column(columns, ranges)
    if text_col is not None:  # a rate in the description's own cell is the description's ("Sconto 5%")
        texts = _with_rates_in_cell(by_col.get(text_col, []), line)
        if len(texts) > len(by_col.get(text_col, [])):
            taken = {x.index for x in texts}
            by_col = {col: [x for x in got if x.index not in taken] for col, got in by_col.items()}
            by_col[text_col] = texts
    codes = by_col.get(text_col or "", [])
    if text_col is not None and not any(s.kinds & {SpanKind.TEXT, SpanKind.LABEL} for s in codes) \
            and not (codes and _article_code(codes)):
        return None  # no description: a line of figures (a totals block), not an item
    # (an article's code alone where the description is, "#3024699" under "Copy paper A4": the last line of a cell
    # whose figures stand at its bottom, the name over it: a row, which the name above heads)
    for col in columns:
        got = by_col.get(col.name, [])
        if col.numeric:
            prefer = ((SpanKind.QUANTITY, SpanKind.INTEGER, SpanKind.AMOUNT) if col.concept == "quantity"
                      else (SpanKind.AMOUNT,))
            if col.concept == "quantity":
                got = _grouped_whole(got)
            pick = _pick([s for s in got if not s.has(SpanKind.PERCENT) and not s.has(SpanKind.DATE)], prefer)
            if pick is not None:
                row.cells[col.name] = [pick]
        elif col.name == text_col:
            # a date is no part of the description, unless it goes on its words in their cell ("Boarding Nala,
            # nights 08.02.2026 -")
            texts = [s for k, s in enumerate(got) if not s.has(SpanKind.DATE) or _in_words(got, k)]
            if any(s.text != SIGNATURE_MARK for s in texts):  # a pen's tick beside the name is no part of it
                texts = [s for s in texts if s.text != SIGNATURE_MARK]
            # a product code in front of or after the description is not part of it
            while len(texts) > 1 and texts[0].kinds <= {SpanKind.IDENTIFIER, SpanKind.INTEGER, SpanKind.AMOUNT}:
                texts = texts[1:]  # a position number or a code
            while len(texts) > 1 and texts[-1].kinds == {SpanKind.IDENTIFIER}:
                texts = texts[:-1]
            texts = _before_figures(texts, by_col, col.name, ranges[col.name][1])
            row.cells[col.name] = _beside_column(texts, ranges[col.name][0])
    _price_after_times(row, line, columns)
    if text_col is None:  # no description header: the row's text spans
        text = next((c.name for c in columns if not c.numeric), None)
        texts = _with_rates_in_cell([s for s in line if s.kinds & {SpanKind.TEXT, SpanKind.LABEL}], line)
        if text and texts:
            row.cells[text] = texts
    numbers = [n for c in columns if c.numeric and (n := row.cells.get(c.name))]
    decimal = any(not s[0].has(SpanKind.INTEGER) for s in numbers)
    if not numbers or not decimal:
        return None
    row.cells = {k: v for k, v in row.cells.items() if v}
    return row


def _grouped_whole(spans: list[Span]) -> list[Span]:
    """A count whose thousands a space sets apart, which spans read as figures of their own ("5" "000", "1 200"
    as "1" "200"): one number, in one cell of a quantity column."""
    out: list[Span] = []
    for s in spans:
        last = out[-1] if out else None
        text = f"{last.text} {s.text}" if last is not None else ""
        if last is not None and last.cell == s.cell and last.has(SpanKind.INTEGER) and _SPACED_WHOLE.fullmatch(text):
            out[-1] = last.model_copy(update={
                "word_indices": [*last.word_indices, *s.word_indices], "text": text,
                "kinds": frozenset({SpanKind.AMOUNT, SpanKind.INTEGER}), "amount": Decimal(text.replace(" ", "")),
                "bbox": (last.bbox[0], min(last.bbox[1], s.bbox[1]), s.bbox[2], max(last.bbox[3], s.bbox[3]))})
        else:
            out.append(s)
    return out


_SPACED_WHOLE = re.compile(r"[1-9]\d{0,2}(?: \d{3})+")


def _code_only(row: TableRow, columns: Sequence[Column]) -> bool:
    """Whether a row's description is an article's code and nothing else ("#3024699", "Art. 108-72")."""
    text = next((c.name for c in columns if not c.numeric and c.name in row.cells), None)
    cell = row.cells.get(text or "")
    return bool(cell) and _article_code(cell)


def _spread_crowded(by_col: dict[str, list[Span]], ranges: dict[str, tuple[float, float]],
                    text_cols: set[str]) -> None:
    """Two figures under one numeric column while the column beside it is empty in the row: the figure on that
    side is that column's where it reaches it or stops short by a hair. A count right-aligned past its label's
    end ("Menge" over a "1" that starts where "Einzelpreis" starts) overlaps the price's label more than its own,
    and would leave the row without its count and with two prices."""
    order = sorted(ranges, key=lambda name: ranges[name][0])
    for k, name in enumerate(order):
        got = sorted((s for s in by_col.get(name, []) if s.kinds & _NUMERIC and not s.has(SpanKind.TEXT)),
                     key=lambda s: s.bbox[0])
        if name in text_cols or len(got) < 2:
            continue
        for side, beside in ((0, order[k - 1] if k else None), (-1, order[k + 1] if k + 1 < len(order) else None)):
            if beside is None or beside in text_cols or by_col.get(beside) or len(got) < 2:
                continue
            s, (a, b) = got[side], ranges[beside]
            if max(a - s.bbox[2], s.bbox[0] - b) <= _HAIR:
                by_col[name].remove(s)
                by_col[beside] = [s]
                got.remove(s)


#: how far (page widths) a figure may stop short of a column beside its own and still reach it
_HAIR = 0.005


# words after which a description cannot end: its rest is on the next line ("Installation et mise en / service")
OPEN_WORDS = frozenset("""
    a an and at between by for from in incl including into of on onto or over per the to under via with without
    au aux avec chez d dans de des du en entre et la le les l par pour sans sur vers à
    al con del desde el entre hasta las los para por sin sobre y
    alla allo da dei della delle di e fra il lo nel nella senza su tra
    aan bij het met naar om op te tot uit van voor zonder
    an auf aus bei beim bis das der die durch für gegen gemäß gemäss im laut mit nach ohne oder über um und unter
    von vom vor zu zum zur
    com do dos em na nas no nos pela pelo sem até
""".split())
_OPEN_ENDS = (",", "-", "–", "—", "×", "&", "/", "+", "(")
#: a number's label, which the number it names follows: a description that ends on one goes on on the next line
#: ("Kabelbinder 300 mm schwarz (100 Stk.) ref." over "779")
_NUMBER_LABELS = frozenset("ref réf rif nr nº no art art.-nr artnr bestnr kat".split())


@dataclass(eq=False)
class _Rest:
    """A text line under a row's description that may be its rest: the line and the description's line above it."""

    column: str  # the description's column
    line: list[Span]
    above: list[Span]  # the spans of the line above inside the description column
    by_column: bool  # its first word could not have fitted in the description column on the line above
    spills: bool = False  # it runs on past the column, over the row's empty figures (a line printer's rest)
    near_end: bool = False  # with its first word, the line above would have reached the column's last sixth
    room: bool = False  # with its first word, the line above would have stopped three characters short of the end
    smaller: bool = False  # set in a smaller type than the row's line above: a note, never joined
    indented: bool = False  # it starts a character or more right of the description: a note, never joined


def _rest_of(line: list[Span], above: list[Span], row: TableRow, ranges: dict[str, tuple[float, float]],
             columns: Sequence[Column], words: Sequence[Word], overleaf: bool = False,
             before: list[Span] | None = None) -> _Rest | None:
    """``line`` as a candidate rest of the row's description: only text or a number without decimals, starting
    where the description starts, right under it (``above`` is the row's last line) and inside its column.
    With ``overleaf``, ``line`` is on the next page, after its running header: a row the page broke goes on
    there where it reads on (the row ends on a word that cannot end it or the line starts in lower case) and
    starts a block of lines (``before``, the line above it, stands elsewhere or more than a line's leading
    away)."""
    text = _description_column(columns, ranges)
    desc = row.cells.get(text or "")
    if text is None or not desc or not above or not any(c.isalnum() for s in line for c in s.text):
        return None  # (a rule of asterisks or dashes under the rows is none)
    # a sidebar's line beside the table ("Compte 5322639" left of "allers-retours inclus") is no part of the rest
    line = _beside_column(line, ranges[text][0])
    if overleaf:
        if line[0].page != above[0].page + 1 or not _reads_on(above, line, words):
            return None
        lo, hi = ranges[text]
        if before and before[0].page == line[0].page and _in_column(before, lo, hi):
            top, height = _top_and_height(line, words)
            if top - max(words[i].bbox[3] for x in before for i in x.word_indices) < 0.8 * height:
                return None  # a line of the page's running header
    elif line[0].page != above[0].page or line[0].line != above[0].line + 1:
        return None
    lo, hi = ranges[text]
    last = _in_column(above, lo, hi)
    reads_on = bool(last) and _reads_on(last, line, words)
    # a line printer's rest runs on past the column, over the empty figures of its row: one text alone, that reads
    # on from the line above or is printed in capitals as that line is (a footer line under the last row is neither)
    spills = (not overleaf and bool(last) and line[-1].bbox[2] > hi and len(line) == 1
              and line[0].kinds == {SpanKind.TEXT} and (reads_on or _in_capitals([*last, *line])))
    counted = any(c.concept == "quantity" and row.cells.get(c.name) for c in columns)
    ends_open = bool(last) and _ends_open(last, words)  # a date after "… nights 08.02.2026 -" ends its range
    # ... as does one after a dash that opens the line under a date ("… nights 03.01.2024" over "- 24.01.2024")
    dashed = len(line) >= 2 and line[0].text in ("-", "–", "—") and bool(last) and last[-1].has(SpanKind.DATE)
    opening = line[1] if dashed else line[0]
    if any(s.amount is not None and not s.has(SpanKind.INTEGER) and not _worded(s)
           and not (reads_on and _counted(s, line)) and not (counted and _measure(s))
           or s.has(SpanKind.DATE) and not _standard_number(s, line) and not (s is opening and (ends_open or dashed))
           or s.has(SpanKind.CHECKBOX)
           or any(_period(w) for w in s.text.split()) for s in line) \
            or _MONTH.fullmatch(" ".join(s.text for s in line)) or line[-1].bbox[2] > hi and not spills:
        return None  # an amount, a date, a period or a month: no description's rest ("6704", "(batch 41)" and,
        # where it reads on, "2,000 copies" are)
    if not last:
        return None
    space = _char_width(desc, words)
    if abs(line[0].bbox[0] - desc[0].bbox[0]) > 2 * space:  # not where the description starts
        return None
    smaller = _smaller_type(line, above, words)
    # a line set in from the description's start by more than a character is a note under it ("Studiomiete Regie A"
    # over "  pro Stunde inkl. Toningenieur"): a wrapped description goes on where it starts
    indented = line[0].bbox[0] - desc[0].bbox[0] > space
    if spills:  # sure where it reads on; else by the widths of the lines in the column (see _accept_rests)
        return _Rest(text, line, last, reads_on, spills=True, smaller=smaller, indented=indented)
    first = words[line[0].word_indices[0]]
    reach = last[-1].bbox[2] + space + (first.bbox[2] - first.bbox[0])
    # a cell's text stops short of the next column by its padding: about a character
    return _Rest(text, line, last, overleaf or dashed or reach > hi - space, near_end=reach > hi - (hi - lo) / 6,
                 room=not overleaf and reach < hi - 3 * space, smaller=smaller, indented=indented)


_DASHES = re.compile(r"\s*[-–—]\s*")
#: a month a service was for, alone on the line under its item ("10/2024", "2024-10")
_MONTH = re.compile(r"(?:0?[1-9]|1[0-2])[./-](?:19|20)\d\d|(?:19|20)\d\d-(?:0[1-9]|1[0-2])")


def _period(text: str) -> bool:
    """Whether ``text`` is a service period written as one word, two dates joined by a dash
    ("01/17/2024-02/15/2024", "11.11.2024–10.12.2024"), which OCR or a text layer gives as no date."""
    return any(parse_date(text[:m.start()]) and parse_date(text[m.end():]) for m in _DASHES.finditer(text))


#: the least share by which a line's words must be shorter than those above to be in a smaller type
_SMALLER_TYPE = 0.04


def _smaller_type(line: list[Span], above: list[Span], words: Sequence[Word]) -> bool:
    """Whether ``line`` is set in a smaller type than ``above``, the row's line over it: a note under an item's
    name ("compatibel HP 87A" in 8 points, grey, under "Tonercartridge zwart" in 9), which no description wraps
    into. Every word of the line must be shorter than every word above by more than the words above differ among
    themselves: a text layer gives each word its font's height, so one point tells; OCR's boxes vary from word to
    word, and there only a clearly smaller type does."""
    def heights(spans: list[Span]) -> list[float]:
        return [words[i].bbox[3] - words[i].bbox[1] for s in spans for i in s.word_indices]

    below, over = heights(line), heights(above)
    if not (below and over):
        return False
    spread = (max(over) - min(over)) / max(over)
    scale = 1.0
    if any(words[i].confidence < 1 for s in [*line, *above] for i in s.word_indices):
        # OCR boxes its words' ink: "written recommendations" reaches below the baseline nowhere, so its box is a
        # fifth shorter than "operating model" over it in the same type
        scale = _ink_reach(" ".join(s.text for s in line)) / _ink_reach(" ".join(s.text for s in above))
    return max(below) < (1 - max(_SMALLER_TYPE, spread)) * min(over) * scale


def _ink_reach(text: str) -> float:
    """How tall a line of ``text`` is inked, in its type's size: the x-height, with what reaches above it
    (capitals, figures, "d", "l") and below the baseline ("g", "p", a comma)."""
    tall = any(c.isupper() or c.isdigit() or c in "bdfhklt()[]/|'\"!?&%$#@" for c in text)
    deep = any(c in "gjpqy()[]|,;@$" for c in text)
    return 0.5 + 0.22 * tall + 0.22 * deep


def _in_capitals(spans: list[Span]) -> bool:
    """Whether spans (a rest and the line above it) are printed in capitals, where no lower case tells that a line
    reads on."""
    text = " ".join(s.text for s in spans)
    return any(c.isalpha() for c in text) and not any(c.islower() for c in text)


def _ends_open(above: list[Span], words: Sequence[Word]) -> bool:
    """Whether ``above`` ends on a word that cannot end a description: a comma, "and", "into", "et", a number's
    label such as "ref.", or inside a bracket it opened ("… high yield (approx." over "9,000 pages)")."""
    last = words[above[-1].word_indices[-1]].text
    ending = last.casefold().rstrip(".'’:")
    return ending in OPEN_WORDS or ending in _NUMBER_LABELS or last.endswith(_OPEN_ENDS) \
        or opens_bracket(" ".join(s.text for s in above))


def _reads_on(above: list[Span], line: list[Span], words: Sequence[Word]) -> bool:
    """Whether ``line`` reads on from ``above``: that ends open (:func:`_ends_open`) or the line starts in lower
    case."""
    first = words[line[0].word_indices[0]].text
    return _ends_open(above, words) or first[:1].islower() or first[:1] == "("


#: the bodies whose standards a description cites by number ("EN 1993-1-1", "DIN 933", "ISO 9001")
_STANDARDS = frozenset("EN DIN ISO IEC BS NF UNE UNI NEN ASTM SN ÖNORM PN ČSN CSN SFS SS NS DS".split())


def _standard_number(s: Span, line: list[Span]) -> bool:
    """Whether ``s`` is a standard's number after its body ("per EN 1993-1-1"), which reads as a date."""
    k = line.index(s)
    return k > 0 and line[k - 1].text.split()[-1] in _STANDARDS


def _counted(s: Span, line: list[Span]) -> bool:
    """A number a word follows ("2,000 copies", "1.5 hours"): a count, which a description may hold."""
    after = line[line.index(s) + 1:]
    return bool(after) and after[0].kinds == {SpanKind.TEXT}


def _measure(s: Span) -> bool:
    """A quantity in a unit of a physical measure ("1.5 l", "750 ml"): in a row that has its count, the size its
    item's name states, which the description wrapped onto the next line ("Champagne Brut, magnum" over "1.5 l")."""
    return s.has(SpanKind.QUANTITY) and s.unit is not None and measure_word(s.unit)


def _worded(s: Span) -> bool:
    """A number with a word glued to it ("24hour", "5kg"): a measure, which a description may hold."""
    return s.has(SpanKind.QUANTITY) and sum(c.isalpha() for c in s.text) >= 2


def _in_column(line: list[Span], lo: float, hi: float) -> list[Span]:
    """The spans of ``line`` inside the column from ``lo`` to ``hi``; a text that starts in it may end a little
    past it (a description wrapped at a fixed width reaching under the next column's padding)."""
    return [s for s in line if s.bbox[0] >= lo - 0.02 and (
        s.bbox[2] <= hi + 0.005 or s.kinds == {SpanKind.TEXT} and s.bbox[0] < hi and s.bbox[2] <= hi + 0.015)]


def _char_width(spans: Sequence[Span], words: Sequence[Word]) -> float:
    chars = [w for s in spans for i in s.word_indices if len((w := words[i]).text) >= 2]
    return sum((w.bbox[2] - w.bbox[0]) / len(w.text) for w in chars) / len(chars) if chars else 0.005


def _fits_after(above: list[Span], first: Word, end: float, words: Sequence[Word]) -> bool:
    """Whether ``first`` (a word) would have fitted after the line ``above``, a space apart, a space short of
    ``end``: a line that starts with it is no wrap of that line."""
    space = _char_width(above, words)
    return above[-1].bbox[2] + space + (first.bbox[2] - first.bbox[0]) < end - space


def _line_pitch(words: Sequence[Word]) -> float:
    """How far apart the document sets its lines: the median distance from one line's top to the next line's on
    the same page, between lines of much the same height."""
    tops: dict[int, tuple[int, float, float]] = {}
    for w in words:
        page, top, height = tops.get(w.line, (w.page, w.bbox[1], 0.0))
        tops[w.line] = (page, min(top, w.bbox[1]), max(height, w.bbox[3] - w.bbox[1]))
    lines = [tops[n] for n in sorted(tops)]
    steps = sorted(b[1] - a[1] for a, b in zip(lines, lines[1:], strict=False)
                   if a[0] == b[0] and b[1] - a[1] > 0.5 * a[2] and 0.8 < b[2] / max(a[2], 1e-9) < 1.25)
    return steps[len(steps) // 2] if steps else 0.0


def _apart(rest: _Rest, words: Sequence[Word], pitch: float) -> bool:
    """Whether ``rest`` is a line of its own, not the next line of a cell: farther under the line above than a
    type's height and than the page sets its lines apart (``pitch``; a small type widely led, as GLE sets it, is a
    cell's next line a type's height down)."""
    above = [words[i].bbox for s in rest.above for i in s.word_indices]
    top = min(words[i].bbox[1] for s in rest.line for i in s.word_indices)
    height = max(b[3] - b[1] for b in above)
    return top - max(b[3] for b in above) > 0.8 * height and top - min(b[1] for b in above) > 1.2 * pitch


#: a rule typed across a text table, between its rows ("+------+-----+", "-------", "=====")
_TEXT_RULE = re.compile(r"[+|]?[-=]{3,}(?:[+|][-=]{3,})*[+|]?")


def _boxed(rows: list[TableRow], rests: dict[int, list[_Rest]],
           lines: dict[tuple[int, int], list[Span]]) -> set[int]:
    """The rows whose lines under them a typed rule closes as a rule opens them above ("+-----+" over "|Grooming and
    bath |  1 | 39.00 |" over "|Luna |" over "+-----+"): a text table's box round each row, whose lines are all
    the row's."""
    def rule(key: tuple[int, int]) -> bool:
        line = lines.get(key)
        return bool(line) and all(_TEXT_RULE.fullmatch(s.text.replace(" ", "")) for s in line)

    return {i for i, chain in rests.items() if chain and rule((rows[i].line[0], rows[i].line[1] - 1))
            and rule((chain[-1].line[0].page, chain[-1].line[0].line + 1))}


#: how much shorter than the table's rows OCR's boxes of a line must be for the line to be in a smaller type: OCR
#: boxes one line of a type a tenth taller than the next
_SMALLER_OCR_TYPE = 0.1


def _typed_as_rows(rows: list[TableRow], rests: dict[int, list[_Rest]], words: Sequence[Word]) -> None:
    """Rests OCR read that :func:`_smaller_type` set apart as smaller than the line above them, but that are as tall
    as the table's descriptions run (their median word height, less :data:`_SMALLER_OCR_TYPE`): the line above was
    boxed taller than its type, as OCR boxes a line ("Annual sweeping of solid-fuel chimney" a tenth taller than
    its rest "including flue pipe and soot door clean-out" and than the rows under it), and they are no note."""
    column = next((r.column for chain in rests.values() for r in chain), None)
    heights = sorted(words[i].bbox[3] - words[i].bbox[1] for row in rows for s in row.cells.get(column or "", [])
                     for i in s.word_indices)
    if not heights:
        return
    typical = heights[len(heights) // 2]
    for chain in rests.values():
        for rest in chain:
            indices = [i for s in rest.line for i in s.word_indices]
            if rest.smaller and any(words[i].confidence < 1 for i in indices) and \
                    max(words[i].bbox[3] - words[i].bbox[1] for i in indices) >= (1 - _SMALLER_OCR_TYPE) * typical:
                rest.smaller = False


def _accept_rests(rows: list[TableRow], rests: dict[int, list[_Rest]], words: Sequence[Word],
                  lines: dict[tuple[int, int], list[Span]]) -> None:
    """Join to each row's description the lines under it that are its rest, wrapped by its column.

    A description wrapped where its column ends is its rest (``by_column``). Many tables wrap narrower than their
    column (a fixed number of characters): there a line is a rest when its first word could not have fitted
    on the line above within the table's widest description line (in width or in characters), right under it,
    and the text reads on: the line above ends on a word that cannot end it ("et", "and", a comma) or the line
    starts in lower case. Once one row of a table reads on so, or where three lines or more (two of words only whose
    first words would have reached the column's end) stand under rows and every one of them would not have fitted
    on the line above, every such line of the table is a rest. A line under a description that ends open
    (:func:`_ends_open`: "… manual into" over "three languages") and starts in no capital is its rest however short
    the table wraps it. "Right under it" is within a type's height, or as close as the page sets its lines
    (:func:`_apart`).
    A note under a description ("Grundgebühr pro Einheit" under "Small Business StandardExchange 2010") is
    neither and is left out, as is a number alone under every row's description (each item's code) unless the
    description ends on its label ("… ref." over "779"), and a line in a smaller type than its row's
    (:func:`_smaller_type`) or set in from the description's start, which counts for nothing in telling whether the
    table wraps either.
    """
    _typed_as_rows(rows, rests, words)
    candidates = [r for chain in rests.values() for r in chain if not (r.smaller or r.indented)]
    if not candidates:
        return
    column = candidates[0].column
    pitch = _line_pitch(words)
    apart = {r: _apart(r, words, pitch) for r in candidates}
    desc_lines = [d for r in rows if (d := r.cells.get(column))] + [
        r.line for r in candidates if not r.spills and not apart[r]]
    widest = max(d[-1].bbox[2] for d in desc_lines)
    most_chars = max(len(" ".join(s.text for s in d)) for d in desc_lines)

    def fills(rest: _Rest) -> bool:
        if apart[rest]:
            return False
        above = rest.above
        first = words[rest.line[0].word_indices[0]]
        chars = len(" ".join(s.text for s in above)) + 1 + len(first.text)
        return not _fits_after(above, first, widest, words) or chars > most_chars

    filled = {r: fills(r) for r in candidates}
    reads_on = {r: _reads_on(r.above, r.line, words) for r in candidates}
    # lines of detail under the items (a model, a colour, what a service took): two or more, half the lines under
    # rows or more, whose first words would have fitted on the lines above (within the column with room to spare,
    # and within the table's widest line), and none of the lines under rows reads on (one that does shows a table
    # wrapping narrower than its column); there a line whose first word just reaches the column's end is one more,
    # and no line is a rest
    notes = sum(1 for r in candidates if r.room and not filled[r])
    # ... and the same line under three rows or more is a note on each, the pack it is sold in ("Carton de 6 x 75
    # cl", "flaske 75 cl"), however long the lines above it run and though it starts in lower case; only a line its
    # column wrapped is a rest there
    alike = len(candidates) >= 3 and len({" ".join(s.text for s in r.line) for r in candidates}) == 1
    if alike:
        sure, table_wraps = {r: r.by_column for r in candidates}, False
    elif notes >= 2 and 2 * notes >= len(candidates) and not any(reads_on.values()):
        sure, table_wraps = dict.fromkeys(candidates, False), False
    else:
        # a line under a description that ends open ("… manual into" over "three languages"), not starting in
        # capitals, is its rest however short the table wraps it
        sure = {r: r.by_column or filled[r] and (reads_on[r] or _in_capitals([*r.above, *r.line]))
                or not apart[r] and _ends_open(r.above, words) and not r.line[0].text[:1].isupper()
                for r in candidates}
        # wrapped throughout: three lines or more under rows, every one of them a rest by its width; or two of
        # words only, each of whose first word would have reached the column's end (a note under a short
        # description, or one holding its item's number, "Item no. X-5164", does neither)
        near = all(r.near_end and not any(c.isdigit() for s in r.line for c in s.text) for r in candidates)
        table_wraps = any(sure.values()) or (len(candidates) >= (2 if near else 3) and all(filled.values()))
    # a number alone under every row's description is each item's code ("Kabelgoot 40x60 mm wit" over "38382"), as
    # an e-invoice viewer prints it; under some rows only, it is the rest of their descriptions ("… /7386")
    def figures(rest: _Rest) -> bool:
        return all(c.isdigit() for s in rest.line for c in s.text.replace(" ", ""))

    codes = len(rows) >= 2 and all(chain and figures(chain[0]) for chain in (rests.get(i, []) for i in range(len(rows))))
    boxed = _boxed(rows, rests, lines)
    for i, chain in rests.items():
        for rest in chain:
            if rest.smaller or rest.indented or not (sure[rest] or table_wraps and filled[rest] or i in boxed):
                break
            if _article_code(rest.line):
                break  # the item's code under its name ("SKU: BH-417", "Art.-Nr.: DH-2926", "#199-8713")
            if codes and figures(rest) and not _reads_on(rest.above, rest.line, words):
                break
            rows[i].cells[rest.column] = [*rows[i].cells[rest.column], *rest.line]


#: an article's code with its label, as web shops print it under the item's name ("SKU: BH-417", "Art.-Nr.: 323920",
#: "Artikelnr.: WN-4440", "Art. 309-71", "ART 708501", "No. 006488" (a capital: a description may go on with
#: "no. 5743"), "Réf. : A-12", "Item code 413-8968"), or a bare code after a number sign ("#199-8713"), perhaps with
#: the unit it is sold in ("Ref. 592585 / pc")
_ARTICLE_CODE = re.compile(r"(?i)(?:sku|art(?:ikel)?\s?\.?\s?-?\s?(?:nr|no|nummer)\.?|artikelnr\.?|art\.\s?nr\.?|"
                           r"art[.,]?|"
                           r"(?-i:No)\.|item\s?(?:#|no\.?|code)|#|r[ée]f(?:erence|erenz|\.)?|cod(?:e|ice|igo)?\.?|"
                           r"c[óo]d\.?|product\s?code|varenr\.?|tuotenro)\s?:?\s?[A-Z0-9][\w\-/.]*\d[\w\-/.]*"
                           r"(?:\s?/\s?[^\W\d_]{1,6}\.?)?")


#: a line under an item naming its delivery note, its serial number or the ticket or job it was for ("Lieferschein
#: 830679", "Delivery note DN-4471", "BL 4521", "Albarán 7731", "Pakbon 99812", "WZ 512376", "Serial 88123-A",
#: "S/N 4CE04", "Ticket # 86471", "Job 95579"), the lot or frame it came from ("Lot 43194804", "Frame no.
#: 92763453", "Charge 2231-7"), the object (a site, a property) a service was for ("Obj. 748-1") or its inventory
#: number ("Inv. K601851"), or the month it was for after the period's label ("Zeitraum: 02/2025", "Period: 2025-02")
_DETAIL_REF = re.compile(r"(?i)(?:lieferschein(?:-?nr\.?)?|delivery\s+note(?:\s+no\.?)?|packing\s+slip|"
                         r"bon\s+de\s+livraison|bl|albar[áa]n|ddt|pakbon|wz|f[öo]ljesedel|f[øo]lgeseddel|"
                         r"serial(?:\s+no\.?)?|s/n|seriennummer|serien?-?nr\.?|n[°º]\s?de\s?s[ée]rie|matricola|"
                         r"(?:lot|batch|charge|partij|lote|lotto|obj(?:ekt|et|ect|eto|\.)|inv\.|inventar|inventory)"
                         r"(?:\s?(?:#|no\.?|nr\.?|-nr\.?))?|"
                         r"(?:frame|chassis)(?:\s?(?:#|no\.?|nr\.?|number))|rahmen(?:nummer|-?nr\.?)|imei|vin|"
                         r"ticket(?:\s?(?:#|no\.?|nr\.?))?|job(?:\s?(?:#|no\.?))?|"
                         r"n[úu]mero\s+de\s+serie)\s?:?\s?[A-Z0-9][\w\-/.]*\d[\w\-/.]*"
                         r"|(?:(?:leistungs)?zeitraum|(?:service\s+)?period|p[ée]riode|periodo|okres|perioden?)\s?:?\s?"
                         rf"(?:{_MONTH.pattern})")


def _article_code(line: list[Span]) -> bool:
    """Whether ``line`` holds nothing but an article's code, with its label or after a number sign
    (:data:`_ARTICLE_CODE`), or names the item's delivery note, serial number or month (:data:`_DETAIL_REF`)."""
    text = " ".join(s.text for s in line).strip()
    return _ARTICLE_CODE.fullmatch(text) is not None or _DETAIL_REF.fullmatch(text) is not None


def _headerless(lines: list[list[Span]], columns: Sequence[Column],
                is_stop: Callable[[list[Span]], bool]) -> list[TableRow]:
    """Rows of a text followed by two or more amounts, in runs of at least two lines."""
    text = next((c for c in columns if not c.numeric), None)
    amount = next((c for c in columns if c.concept == "amount"), None)
    price = next((c for c in columns if c.concept == "unit_price"), None)
    qty = next((c for c in columns if c.concept == "quantity"), None)
    if text is None or amount is None:
        return []
    rows: list[TableRow] = []
    for line in lines:
        if is_stop(line):
            break
        amounts = [s for s in line if s.has(SpanKind.AMOUNT) and not s.has(SpanKind.INTEGER)]
        texts = [s for s in line if s.has(SpanKind.TEXT)]
        if len(amounts) < 2 or not texts or texts[0].bbox[0] > amounts[0].bbox[0]:
            continue
        # (a sidebar's caption on the row's line, "Forfallsdato" left of "Overføring fra kassett", is none of it)
        before = [s for s in texts if s.bbox[2] <= amounts[0].bbox[0]] or texts
        desc = next((before[k] for k in range(len(before) - 1, 0, -1)
                     if before[k].bbox[0] - before[k - 1].bbox[2] > _COLUMN_GAP), before[0])
        row = TableRow(line=(line[0].page, line[0].line), cells={text.name: [desc], amount.name: [amounts[-1]]})
        if price is not None:
            row.cells[price.name] = [amounts[-2]]
        q = next((s for s in line if s.kinds & {SpanKind.QUANTITY, SpanKind.INTEGER}
                  and desc.bbox[2] <= s.bbox[0] < amounts[-1].bbox[0]), None)
        if qty is not None and q is not None:
            row.cells[qty.name] = [q]
        rows.append(row)
    return rows if len(rows) >= 2 else []


def _top_and_height(line: list[Span], words: Sequence[Word]) -> tuple[float, float]:
    """A line's top and its words' median height."""
    boxes = [words[i].bbox for s in line for i in s.word_indices]
    heights = sorted(b[3] - b[1] for b in boxes)
    return min(b[1] for b in boxes), heights[len(heights) // 2]


#: a row's position number ("15", "3.")
_POSITION = re.compile(r"\d{1,3}\.?")


def _unnumbered(line: list[Span]) -> list[Span]:
    """A text line of a description less the row's position number before it ("15 | Mano de obra instalación")."""
    return line[1:] if len(line) >= 2 and _POSITION.fullmatch(line[0].text) else line


def _text_only(line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column]) -> bool:
    """Whether a line holds only text inside the description column (no amount, date or box): a wrapped part
    of a description."""
    text = _description_column(columns, ranges)
    if text is None:
        return False
    lo, hi = ranges[text]
    if line[0].bbox[2] < lo:
        line = _unnumbered(line)  # the row's position number left of the column
    # under a label centred over its cell, a description starts left of it, after the column before, and reaches
    # under the label or near it (as _column_of reads it)
    left = max((b for name, (a, b) in ranges.items() if name != text and b <= lo), default=None)
    start = lo - 0.02 if left is None else min(lo - 0.02, left)
    return (any(x.kinds & {SpanKind.TEXT, SpanKind.LABEL} for x in line) and line[0].bbox[0] >= start
            and line[-1].bbox[2] >= lo - 0.12 and line[-1].bbox[2] <= hi + 0.005 and not any(
                x.amount is not None and not x.has(SpanKind.INTEGER) or x.kinds & {SpanKind.DATE, SpanKind.CHECKBOX}
                for x in line))


def _figures_only(line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column]) -> bool:
    """Whether a line holds a row's figures (an amount with decimals under a numeric column) and no text in the
    description column: the figures of a row whose description is set on the lines around them."""
    text_cols = {c.name for c in columns if not c.numeric}
    numeric = {c.name for c in columns if c.numeric}
    cols = [(x, _column_of(x, ranges, text_cols)) for x in line]
    return (any(col in numeric and x.amount is not None and not x.has(SpanKind.INTEGER) for x, col in cols)
            and not any(col in text_cols and x.kinds & {SpanKind.TEXT, SpanKind.LABEL} for x, col in cols))


#: an article code: a few letters and a separator at most before three digits or more ("SKU84180", "A-33103")
_CODE_WORD = re.compile(r"[A-Za-z]{0,4}[-/.]?\d{3,}[A-Za-z0-9/-]*")


def _split_codes(line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column],
                 words: Sequence[Word]) -> list[Span]:
    """``line`` with each description that starts with its article code cut in two where the code stands under a
    column of its own and the rest under the description's ("SKU84180 Onderhoud website", the code's column too
    narrow for the gap that sets them apart), and each count read with a unit word that starts the description
    cut off it (:func:`_counted_apart`)."""
    text_cols = {c.name for c in columns if not c.numeric}
    description = _description_column(columns, ranges)
    if description is None:
        return line
    out: list[Span] = []
    for s in line:
        idx = s.word_indices
        if len(idx) >= 2 and s.has(SpanKind.TEXT) and _CODE_WORD.fullmatch(words[idx[0]].text):
            head = narrowed(s, idx[:1], words, kinds=frozenset({SpanKind.IDENTIFIER}), identifier=words[idx[0]].text)
            rest = narrowed(s, idx[1:], words)
            own = _column_of(head, ranges, text_cols, overlapping=True)
            if own is not None and own not in text_cols \
                    and _column_of(rest, ranges, text_cols, frozenset({own})) == description:
                out += [head, rest]
                continue
        if len(idx) >= 2 and s.has(SpanKind.QUANTITY) and not s.has(SpanKind.TEXT) and s.amount is not None \
                and (count := _counted_apart(s, line, ranges, columns, description, words)):
            out += count
            continue
        if len(idx) >= 3 and s.has(SpanKind.TEXT) and (count := _count_run_on(s, line, ranges, columns, words)):
            out += count
            continue
        out.append(s)
    return out


def _count_run_on(s: Span, line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column],
                  words: Sequence[Word]) -> list[Span]:
    """A description that a fixed-width print ran on into the count's column, one space apart ("Edelstahlgeländer
    V2A 42,4 mm 55,5 lfm"): its last figure and unit word cut off as the row's quantity, where they reach into the
    quantity's column and the words before them end short of it, that column holds nothing else on the line, and
    the figure times one amount of the line is another; else nothing."""
    counted = next((c.name for c in columns if c.numeric and c.concept == "quantity" and c.name in ranges), None)
    idx = s.word_indices
    k = 2 if unit_word(words[idx[-1]].text) else 1
    qty = parse_amount(words[idx[-k]].text)
    if counted is None or qty is None or qty <= 0 or len(idx) <= k:
        return []
    start = ranges[counted][0]
    if words[idx[-1]].bbox[2] <= start or words[idx[-k - 1]].bbox[2] >= start:
        return []
    text_cols = {c.name for c in columns if not c.numeric}
    if any(o is not s and _column_of(o, ranges, text_cols, overlapping=True) == counted for o in line):
        return []
    amounts = [o.amount for o in line if o is not s and o.amount is not None and not o.has(SpanKind.INTEGER)]
    if not any(is_product(qty, p, a) for i, p in enumerate(amounts) for j, a in enumerate(amounts) if i != j):
        return []
    return [narrowed(s, idx[:-k], words),
            narrowed(s, idx[-k:], words, kinds=frozenset({SpanKind.QUANTITY, SpanKind.AMOUNT}), amount=qty,
                     unit=words[idx[-1]].text if k == 2 else None)]


def _counted_apart(s: Span, line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column],
                   description: str, words: Sequence[Word]) -> list[Span]:
    """A count and its unit word read as one quantity (``12 Heures``) where the count stands left of the
    ``description`` column, nearest the quantity column, and its unit word starts the description (``12 | Heures de
    conseil``): the count and the unit word apart, else nothing."""
    counted = next((c.name for c in columns if c.numeric and c.concept == "quantity" and c.name in ranges), None)
    idx = s.word_indices
    head = narrowed(s, idx[:1], words)
    if counted is None or head.bbox[2] > ranges[description][0] or parse_amount(head.text) != s.amount:
        return []
    text_cols = {c.name for c in columns if not c.numeric}
    others = frozenset(c for o in line if o is not s and (c := _column_of(o, ranges, text_cols, overlapping=True)))
    if counted in others or _column_of(head, ranges, text_cols, others) != counted:
        return []
    return [head, narrowed(s, idx[1:], words, kinds=frozenset({SpanKind.TEXT}), amount=None, unit=None)]


def _wrapped_figures(row: TableRow, above: list[Span], line: list[Span], ranges: dict[str, tuple[float, float]],
                     columns: Sequence[Column], words: Sequence[Word]) -> dict[str, list[Span]] | None:
    """The cells of ``row`` a narrow column wrapped onto the next line: amounts alone on ``line``, right under
    ``above`` (the row's last line), each under a numeric column the row has no figure in and where ``above``
    printed only a currency sign ("CHF" over "1'578.24"). None where ``line`` is anything else."""
    if line[0].page != above[0].page or line[0].line != above[0].line + 1:
        return None
    top_a, height = _top_and_height(above, words)
    top_b, _ = _top_and_height(line, words)
    if top_b - top_a >= 1.9 * height:  # the cell's next line: a line's leading apart, not a row's
        return None
    text_cols = {c.name for c in columns if not c.numeric}
    numeric = {c.name for c in columns if c.numeric}
    out: dict[str, list[Span]] = {}
    for x in line:
        col = _column_of(x, ranges, text_cols)
        if (x.amount is None or x.has(SpanKind.TEXT) or x.has(SpanKind.INTEGER) or col not in numeric
                or row.cells.get(col) or col in out):
            return None
        signs = [s for s in above if s.kinds == {SpanKind.CURRENCY} and _column_of(s, ranges, text_cols) == col]
        if not signs:
            return None
        out[col] = [x]
    return out or None


def _middle_parts(lines: list[list[Span]], k: int, above: list[list[Span]], ranges: dict[str, tuple[float, float]],
                  columns: Sequence[Column], words: Sequence[Word]) -> tuple[list[list[Span]], list[list[Span]]]:
    """For the figures-only line ``lines[k]``, the description lines set around it, centred on it (a table whose
    cells are aligned to the middle: "Office chairs according to framework agreement no." over the figures,
    "2024-17 of 12 March" under them): the text lines right under it, each within a line of the one before, and
    as many of the text lines right above it (``above``, in order). ([], []) when there are none on either side."""
    line = lines[k]
    top, height = _top_and_height(line, words)
    below: list[list[Span]] = []
    last_top = top
    for nxt in lines[k + 1:k + 4]:  # (the article's code under the name, "SKU PR-912", is one of them)
        if nxt[0].page != line[0].page or not (_text_only(nxt, ranges, columns) or _article_code(nxt)):
            break
        t, _ = _top_and_height(nxt, words)
        if t - last_top > (0.9 if not below else 1.6) * height:
            break
        below.append(nxt)
        last_top = t
    if not below or not above:
        return [], []
    first_top, _ = _top_and_height(above[-1], words)
    if above[-1][0].page != line[0].page or top - first_top > 0.9 * height:
        return [], []
    n = min(len(below), len(above))
    return above[-n:], below[:n]


def _head_of_row(row: TableRow, header: list[Span], texts: list[list[Span]], line: list[Span],
                 ranges: dict[str, tuple[float, float]], columns: Sequence[Column], words: Sequence[Word]) -> None:
    """The first lines of a row's description where its cell is aligned to the middle or the bottom: the text
    lines between the line above them (``header``: the table's header, or the row above's line where they are no
    rest of it) and the row's figures, a row gap under that line and a line's leading apart (see
    :func:`_heads_of_next_rows`). One short line whose next word, the row's own first, would have fitted beside it
    in the column is no wrapped head but a heading over the rows ("Hardware" over "Ubiquiti UniFi U6-Pro")."""
    text = next((c.name for c in columns if not c.numeric and c.name in row.cells), None)
    cell = row.cells.get(text or "")
    if not cell or not _next_line(texts[-1], line) \
            or header[0].page != line[0].page:
        return
    if texts[0][0].bbox[0] - cell[0].bbox[0] > _char_width(cell, words):
        return  # set in from where the row's description starts: a note under the row above ("Engineer incl.")
    own = [x for x in cell if (x.page, x.line) == (line[0].page, line[0].line)]
    if any(_smaller_type(part, own or line, words) for part in texts):
        return  # in a smaller type than the row's own line: a note under the row above ("Futter vom Halter mitgebracht")
    if len(texts) == 1 and own and text in ranges and not _reads_on(texts[0], own, words):
        if _fits_after(texts[0], words[own[0].word_indices[0]], ranges[text][1], words):
            return
    parts = [header, *texts, own or line]
    tops = [_top_and_height(part, words)[0] for part in parts]
    height = _top_and_height(parts[-1], words)[1]
    gaps = [b - a for a, b in zip(tops, tops[1:], strict=False)]
    if len(gaps) >= 2 and gaps[0] >= max(gaps[1:]) + 0.3 * height and max(gaps[1:]) < 1.6 * height:
        row.cells[text] = [x for part in texts for x in _unnumbered(part)] + _not_a_code(
            _lead(line, cell, texts[0][0].bbox[0]))


def _not_a_code(own: list[Span]) -> list[Span]:
    """A row's own part of its description under the lines that head it, none where it is the article's code
    under the name ("Netzwerk-Switch 24 Port" over "Art. 133-27 | 1 | 499,84")."""
    return [] if _article_code(own) else own


def _lead(line: list[Span], cell: list[Span], start: float) -> list[Span]:
    """A description cell's spans with the ones of its line before them, from ``start`` on: a line that goes on
    from the line above keeps the code or number it starts with ("2024-17 of 12 March"), which a row's own
    first line would have had dropped as the item's code."""
    return [x for x in line if x.bbox[0] >= start - 0.01 and x.bbox[2] <= cell[0].bbox[0] and x not in cell] + cell


def _next_line(above: list[Span], line: list[Span]) -> bool:
    """Whether ``line`` is the line right after ``above`` on the same page."""
    return (line[0].page, line[0].line) == (above[0].page, above[0].line + 1)


def _prose(line: list[Span]) -> bool:
    """Whether a line holds words alone: no amount with decimals, date, box or label."""
    return all(x.kinds <= {SpanKind.TEXT, SpanKind.INTEGER, SpanKind.IDENTIFIER, SpanKind.PERCENT} and (
        x.amount is None or x.has(SpanKind.INTEGER)) for x in line) and any(x.has(SpanKind.TEXT) for x in line)


def _block_over_figures(block: list[list[Span]], line: list[Span], ranges: dict[str, tuple[float, float]],
                        columns: Sequence[Column], words: Sequence[Word]) -> list[Span] | None:
    """A row whose description is set on its own lines, right over a line of its figures alone (two numeric
    columns or more: "Regulierung der Mechanik, Hammerköpfe abziehen" over "1  28,00  28,00", the description
    running on over the figures' columns; or a discount's amount: "Rabatt 10 % auf Pos. 1" over "-7,00"), as one
    line of spans; None for any other line. The description's lines start where the description column starts and
    follow each other within a line's leading."""
    text = _description_column(columns, ranges)
    if text is None or not _figures_only(line, ranges, columns) or not _next_line(block[-1], line):
        return None
    numeric = {c.name for c in columns if c.numeric}
    figures = [x for x in line if x.amount is not None]
    if len({_column_of(x, ranges, set()) for x in figures} & numeric) < 2 and not (
            len(figures) == 1 and figures[0].amount < 0):  # (or a discount's amount alone: "-7,00")
        return None
    lo, hi = ranges[text]
    space = _char_width(block[-1], words)
    if any(abs(part[0].bbox[0] - block[0][0].bbox[0]) > 2 * space or part[0].bbox[0] > hi for part in block):
        return None
    tops = [_top_and_height(part, words)[0] for part in [*block, line]]
    height = _top_and_height(line, words)[1]
    if any(b - a > 1.6 * height for a, b in zip(tops, tops[1:], strict=False)) or block[0][0].bbox[0] < lo - 0.05:
        return None
    return [x for part in block for x in part] + line


def _split_row(first: TableRow, second: TableRow, first_line: list[Span], line: list[Span],
               columns: Sequence[Column], words: Sequence[Word]) -> bool:
    """Whether two rows on consecutive lines are one row a scan's OCR cut in two: figures centred between a
    description's two lines went some to the line above, some to the line below ("Ergonomic keyboard according
    to framework  35.55" over "agreement no. 2024-17 of 12 March  1  35.55"). Each holds figures of columns the
    other lacks, and the lines are a line's leading apart, not a row's."""
    numeric = {c.name for c in columns if c.numeric}
    a, b = set(first.cells) & numeric, set(second.cells) & numeric
    if not a or not b or a & b or line[0].page != first_line[0].page or line[0].line != first_line[0].line + 1:
        return False
    top_a, height = _top_and_height(first_line, words)
    top_b, _ = _top_and_height(line, words)
    return top_b - top_a < 1.5 * height


def find_table(spans: Sequence[Span], words: Sequence[Word], columns: Sequence[Column],
               is_stop: Callable[[list[Span]], bool],
               is_skip: Callable[[list[Span]], bool] = lambda line: False) -> list[TableRow]:
    """The rows of the document's line-item table, in reading order (see the module docstring)."""
    lines = _lines(spans)
    rows: list[TableRow] = []
    ranges: dict[str, tuple[float, float]] = {}
    page = None
    found_header = False
    wrapped: list[Span] = []  # the last line of the row above
    overleaf: list[Span] = []  # on a new page before its first row: the last line of the page before's last row
    last_line: list[Span] = []  # the last line of the last row, its rest included
    rests: dict[int, list[_Rest]] = {}  # row index → candidate rests of its description, in order
    last_header: tuple[list[Span], dict[str, tuple[float, float]]] | None = None  # the line before, a header
    numeric = {c.name for c in columns if c.numeric}
    texts: list[list[Span]] = []  # the text-only lines since the last row, each right under the one before
    loose: list[list[Span]] = []  # those of them that are no rest of the row above
    anchor: list[Span] = []  # the line above them: the header's or the last row's
    block: list[list[Span]] = []  # the lines of text alone since the last row, however far right they run
    k = 0
    while k < len(lines):
        line = lines[k]
        k += 1
        header = _header(line, words, columns)
        if header and rows and all(c.numeric or c.name not in header for c in columns) \
                and (not ranges or (line[0].page == page and any(not c.numeric and c.name in ranges
                                                                   for c in columns))):
            # a summary after the table's totals ("VAT rate | Net | VAT | Gross") reopens no table; right under
            # the rows, with no totals line between ("VAT breakdown" over "VAT category rate | Taxable amount |
            # Tax amount"), it ends the table: its lines are rates and sums, no items
            ranges = {}
            continue
        if header and k < len(lines):
            header = _second_header_line(header, line, lines[k], words, columns)
        if header and k >= 2:
            header = _first_header_line(header, lines[k - 2], line, words, columns)
        if header:
            header = _joined_header(last_header, line, header, words) or header
            last_header = (line, header)
            body = _body(lines, k, is_stop)
            header = _fit_cells(_without_specks(header, line, body, columns), body, columns)
            ranges, page, found_header, texts, loose, anchor = header, line[0].page, True, [], [], line
            continue
        under_header, last_header = last_header, None
        if not ranges:
            continue
        if under_header is not None and _label_rest(line, under_header[0], ranges, columns, words):
            continue  # the labels going on under the header ("Cena jedn." over "netto"): no totals line
        line = lines[k - 1] = _split_codes(line, ranges, columns, words)
        if is_stop(line):
            ranges = {}
            continue
        if line[0].page != page:  # a new page without a repeated header: keep the columns
            page = line[0].page
            overleaf = last_line if rows and last_line and last_line[0].page == page - 1 else []
        if is_skip(line):
            # a subtotal or a carried sum inside the table: the lines under it are measured from it, not from the
            # row above it (a section's heading under its subtotal, "Software", is no head of the row under it)
            if texts or loose or anchor:
                texts, loose, anchor = [], [], line
            continue
        if rows and _detail_of(line, wrapped, rows[-1], columns, words):
            wrapped, texts, loose, anchor = line, [], [], line
            continue
        row = _row(line, ranges, columns)
        if row is None and rows and wrapped and (rest := _wrapped_figures(rows[-1], wrapped, line, ranges, columns,
                                                                             words)):
            rows[-1].cells.update(rest)  # "CHF" over "1'578.24": an amount its narrow cell wrapped after the sign
            wrapped = line
            continue
        if row is None and texts and _figures_only(line, ranges, columns):
            above, below = _middle_parts(lines, k - 1, texts, ranges, columns, words)
            if above:  # the description set around its figures: one row of them all
                start = min((x.bbox[0] for part in above for x in part if x.kinds & {SpanKind.TEXT, SpanKind.LABEL}),
                            default=0.0)
                # a position number or code left of the description's lines is no part of it
                figures = [x for x in line if not (x.kinds <= {SpanKind.IDENTIFIER, SpanKind.INTEGER, SpanKind.AMOUNT}
                                                   and x.bbox[2] < start and x is line[0])]
                # an article's code on the line under the name ("SKU 29351") is no part of the description
                codes = [part for part in below if _article_code(part)]
                row = _row([x for part in (*above, figures, *below) if not any(part is c for c in codes) for x in part],
                           ranges, columns)
                if row is not None:
                    taken = {id(part) for part in above}
                    for chain in rests.values():
                        chain[:] = [r for r in chain if id(r.line) not in taken]
                    k += len(below)
                    line = below[-1]
        if row is None and block and (whole := _block_over_figures(block, line, ranges, columns, words)):
            row = _row(whole, ranges, columns)  # the description on the lines over its figures' own line
            texts, loose = [], []
        if row is not None and rows and wrapped and _split_row(rows[-1], row, wrapped, line, columns, words):
            for name, got in row.cells.items():  # one row whose figures OCR put on two lines: join them
                start = rows[-1].cells[name][0].bbox[0] if rows[-1].cells.get(name) else got[0].bbox[0]
                # (the second line's text is the description's rest, unless it is the item's code)
                rows[-1].cells[name] = got if name in numeric else [*rows[-1].cells.get(name, []),
                                                                     *_not_a_code(_lead(line, got, start))]
            wrapped, texts, loose, anchor = line, [], [], line
        elif row is not None:
            if anchor and loose and loose[0] is texts[0]:
                _head_of_row(row, anchor, loose, line, ranges, columns, words)
            over = (row.line[0], row.line[1] - 1)
            if texts and _code_only(row, columns) and (texts[-1][0].page, texts[-1][0].line) == over:
                # the name right over a row whose description is its article's code alone: the row's own
                for chain in rests.values():
                    chain[:] = [r for r in chain if (r.line[0].page, r.line[0].line) != over]
                row.cells[_description_column(columns, ranges) or ""] = _unnumbered(texts[-1])
            rows.append(row)
            wrapped, texts, loose, anchor, block = line, [], [], line, []
        elif rows and ((rest := _rest_of(line, wrapped, rows[-1], ranges, columns, words))
                       or (rest := _rest_of(line, overleaf, rows[-1], ranges, columns, words, overleaf=True,
                                            before=lines[k - 2] if k >= 2 else None))):
            rests.setdefault(len(rows) - 1, []).append(rest)
            wrapped, block = line, []
            texts.append(line)
        else:
            wrapped = []
            if not _prose(line):
                block = []
            elif block and _next_line(block[-1], line):
                block.append(line)
            else:
                block = [line]
            if not _text_only(line, ranges, columns):
                texts, loose, anchor = [], [], []
            elif texts and _next_line(texts[-1], line):
                texts.append(line)
                loose.append(line)
            else:
                texts, loose = [line], [line]
        if wrapped:
            last_line, overleaf = wrapped, []
    if not found_header:
        return _headerless(lines, columns, is_stop)
    by_key = {(line[0].page, line[0].line): line for line in lines}
    _heads_of_next_rows(rows, rests, words, by_key)
    _accept_rests(rows, rests, words, by_key)
    return rows


#: a count and a multiplication sign or "@" that open a row's detail line ("10 × 1.791,99 €", "2 @ 3.50")
_TIMES_PRICE = re.compile(r"(\d+(?:[.,]\d+)?)\s?[×xX*@]\s?(?=\S)")


def _detail_of(line: list[Span], above: list[Span], row: TableRow, columns: Sequence[Column],
               words: Sequence[Word]) -> bool:
    """Whether ``line``, right under the row's last line (``above``), prints only the row's quantity times its
    unit price ("10 × 1.791,99 €" under "Consulting | 17.919,90 €"), as invoices that set a line's figures in
    small type under its description do; if so, the row takes them. Only a row with an amount and neither a
    quantity nor a price, and only when the product is the amount."""
    name = {c.concept: c.name for c in columns}
    qn, pn, an = name.get("quantity"), name.get("unit_price"), name.get("amount")
    if not (qn and pn and an and above) or row.cells.get(qn) or row.cells.get(pn) or not row.cells.get(an):
        return False
    if line[0].page != above[0].page or line[0].line != above[0].line + 1:
        return False
    idx = [i for s in line for i in s.word_indices]
    text = " ".join(words[i].text for i in idx)
    if not (m := _TIMES_PRICE.match(text)):
        return False
    n_q = len(m.group(0).split())
    qty, price = parse_amount(m.group(1)), parse_amount(" ".join(words[i].text for i in idx[n_q:]))
    amount = row.cells[an][0].amount
    if qty is None or not price or amount is None or not is_product(qty, price, amount):
        return False
    span_of = {i: s for s in line for i in s.word_indices}
    row.cells[qn] = [narrowed(span_of[idx[0]], [idx[0]], words, kinds=frozenset({SpanKind.QUANTITY}), amount=qty)]
    row.cells[pn] = [narrowed(span_of[idx[n_q]], idx[n_q:], words, kinds=frozenset({SpanKind.AMOUNT}), amount=price)]
    return True


def _body(lines: list[list[Span]], k: int, is_stop: Callable[[list[Span]], bool]) -> list[list[Span]]:
    """The lines under the header line ``lines[k - 1]`` up to the table's end, its totals line (a header repeated
    on the next page holds no figures, and counts for nothing)."""
    out: list[list[Span]] = []
    for line in lines[k:]:
        if is_stop(line):
            break
        out.append(line)
    return out


def _crowded(line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column]) -> bool | None:
    """Whether two of a line's figures fall under one numeric column (None for a line that is no row: no figures,
    or no description, as a totals line)."""
    text_cols = {c.name for c in columns if not c.numeric}
    # (a rate is a figure too: "20%" under a "VAT" label left in its cell, nearer to the amount's label)
    figures = [s for s in line if (s.kinds & _NUMERIC or s.has(SpanKind.PERCENT)) and not s.has(SpanKind.TEXT)]
    if not any(s.amount is not None and not s.has(SpanKind.INTEGER) for s in figures) \
            or _row(line, ranges, columns) is None:
        return None
    owners = [col for s in figures if (col := _column_of(s, ranges, text_cols)) is not None and col not in text_cols]
    return len(owners) != len(set(owners))


def _under_no_label(line: list[Span], ranges: dict[str, tuple[float, float]], columns: Sequence[Column]) -> bool:
    """Whether a figure with cents of a row stands under no column's label."""
    text_cols = {c.name for c in columns if not c.numeric}
    return any(s.amount is not None and not s.kinds & {SpanKind.INTEGER, SpanKind.TEXT}
               and _column_of(s, ranges, text_cols, overlapping=True) is None for s in line)


def _without_specks(ranges: dict[str, tuple[float, float]], line: list[Span], body: list[list[Span]],
                    columns: Sequence[Column]) -> dict[str, tuple[float, float]]:
    """The header's columns without a decoy a mark heads (``✍``, a speck a scan's ink finder read over the header),
    where no row sets a figure under it and a row's words run across it: no unread label but a speck, which had cut
    the description's column short of the words. The text columns reach on to the next column's start. A mark over
    a column of figures stands for a label the scan lost, and stays."""
    marks = [(m.bbox[0], m.bbox[2]) for m in line if m.text == SIGNATURE_MARK]
    specks = [name for name, (a, b) in ranges.items() if name.startswith("_") and (a, b) in marks
              and not any(x.kinds & _NUMERIC for row in body for x in row if min(x.bbox[2], b) > max(x.bbox[0], a))
              and any(x.has(SpanKind.TEXT) and x.bbox[0] < a and x.bbox[2] > a for row in body for x in row)]
    if not specks:
        return ranges
    out = {name: r for name, r in ranges.items() if name not in specks}
    for col in columns:
        if not col.numeric and col.name in out:
            a, b = out[col.name]
            nxt = min((x for x, _ in out.values() if x > a), default=None)
            out[col.name] = (a, max(b, nxt - 0.005) if nxt is not None else b)
    return out


def _fit_cells(ranges: dict[str, tuple[float, float]], body: list[list[Span]],
               columns: Sequence[Column]) -> dict[str, tuple[float, float]]:
    """The header's columns, or, where its labels stand at the left of their cells over figures set at the right
    (a word processor's table: "Qty" left in its cell, "4" right in it, nearer to "Price"), every column from
    its label's start to the next label's start. The cells are taken where they put two figures of most rows
    under one column and those of no row."""
    order = sorted(ranges.items(), key=lambda kv: kv[1][0])
    widths = [b[0] - a[0] for (_, a), (_, b) in zip(order, order[1:], strict=False)]
    # (or where they set figures under no label at all: a price set right, short of the next label, past its own)
    by_labels = [c or _under_no_label(line, ranges, columns) for line in body
                 if (c := _crowded(line, ranges, columns)) is not None]
    if not widths or not by_labels or 2 * sum(by_labels) < len(by_labels):
        return ranges
    cells = {name: (a, max(b, nxt[1][0] - 0.005) if nxt else max(b, a + sorted(widths)[len(widths) // 2]))
             for (name, (a, b)), nxt in zip(order, [*order[1:], None], strict=True)}
    return ranges if any(_crowded(line, cells, columns) for line in body) else cells


#: a figure a description may end on before its unit ("100", "1,5")
_FIGURE = re.compile(r"\d+(?:[.,]\d+)?")


def _unit_of_figure(above: list[Span], line: list[Span], words: Sequence[Word]) -> bool:
    """Whether ``line`` starts on a unit of measure after the figure that ``above`` ends on ("Loose leaf green tea
    Sencha 100" over "g"): the rest of that line, however close the next row sits under it."""
    first = words[line[0].word_indices[0]].text
    return bool(above) and unit_word(first) and bool(_FIGURE.fullmatch(words[above[-1].word_indices[-1]].text))


def _heads_of_next_rows(rows: list[TableRow], rests: dict[int, list[_Rest]], words: Sequence[Word],
                        lines: dict[tuple[int, int], list[Span]]) -> None:
    """Give the text lines between two rows to the row below where they sit closer to it: a table whose cells are
    aligned to the middle or the bottom sets a wrapped description's first lines above its figures' line, a row
    gap (the cell padding) above them and a line's leading below ("Legal review for the new branch office in the
    city centre, as" over "agreed in the offer  3  170,98 €  512,94 €"). The lines after the widest gap between
    the row above and the row below, where that gap is clearly the widest and not the last, go to the row below.
    One such line whose next word, the row's own first, would have fitted beside it within the table's widest
    description line, and which does not read on into it, is a heading over the rows below ("Expenses" over
    "Fine-art prints 30 x 40 cm"): no part of either row."""
    column = next((chain[0].column for chain in rests.values() if chain), None)
    end = max((cell[-1].bbox[2] for r in rows if (cell := r.cells.get(column or ""))), default=1.0)
    for i, chain in rests.items():
        if not chain or i + 1 >= len(rows):
            continue
        below = rows[i + 1]
        column = chain[0].column
        head = below.cells.get(column)
        last = chain[-1].line
        if not head or below.line != (last[0].page, last[0].line + 1):
            continue
        parts = [chain[0].above, *(r.line for r in chain), [x for x in head if (x.page, x.line) == below.line]]
        if not parts[-1]:
            continue
        tops = [_top_and_height(part, words)[0] for part in parts]
        height = _top_and_height(parts[-1], words)[1]
        gaps = [b - a for a, b in zip(tops, tops[1:], strict=False)]
        widest = max(range(len(gaps)), key=gaps.__getitem__)
        others = [g for k, g in enumerate(gaps) if k != widest]
        if widest == len(gaps) - 1 or not others or gaps[widest] < max(others) + 0.3 * height:
            continue
        moved = chain[widest:]
        if moved[0].indented or _smaller_type(moved[0].line, parts[-1], words):
            continue  # set in, or in a smaller type than the row below: a note under the row above
        if any(_article_code(r.line) for r in moved):
            continue  # an item's code under its name is the row's above, no head of the next one
        if _unit_of_figure(chain[widest - 1].line if widest else rows[i].cells.get(column, []), moved[0].line, words):
            continue  # "… Sencha 100" over "g": the unit of the figure the line above ends on
        if len(moved) == 1 and not _reads_on(moved[0].line, parts[-1], words) and _fits_after(
                moved[0].line, words[parts[-1][0].word_indices[0]], end, words):
            del chain[widest:]  # a heading over the rows below ("Výdavky" over "Pracovný model …"): neither's
            continue
        del chain[widest:]
        below.cells[column] = [x for r in moved for x in r.line] + _not_a_code(
            _lead(lines.get(below.line, []), head, moved[0].line[0].bbox[0]))
