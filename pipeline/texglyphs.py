"""Characters and words a typesetter builds out of pieces, put back together in the text layer.

pdfTeX prints a letter with an accent its font has no glyph for as two glyphs: the letter and a spacing accent
moved over or under it. That is every accented letter of the OT1 encoding, LaTeX's default when a document does
not ask for T1, and the text layer reads ``Honor´e``, ``d’´ech´eance``, ``Factur´e `a``, ``Ødeg˚ard``,
``fran¸cais``. :func:`compose_accents` joins such an accent to its letter (``Honoré``, ``Ødegård``,
``français``).

textcomp's euro for a font without one (the Times, Helvetica, Palatino, Bookman and Charter of PSNFSS) is a
``C`` crossed by two short rules; the text layer has only the ``C`` (``C58.663,34``, ``6.065,19 C``).
:func:`mend_drawn_euro` reads a ``C`` next to a figure with two such rules across it as ``€``. The euro of the
``eurosym`` and ``marvosym`` packages is a glyph of their own fonts that the text layer names ``e`` or ``¤``
(``e12.50``); :func:`is_euro_font` tells those fonts and :func:`mend_font_euro` reads the glyph as ``€``.

A typesetter that hyphenates (Typst; a browser printing with ``hyphens: auto``) breaks a word at a soft hyphen,
U+00AD, and the text layer keeps it: the line ends on ``Inteligen\xad`` and the next one starts with ``tes``.
:func:`join_soft_hyphens` reads the two pieces as the one word ``Inteligentes``, where the second piece stands.
Some producers map the hyphen-minus glyph itself to U+00AD (Scribus: ``KV\xad41.288.564``; R's PDF device where a
document avoids its minus sign): there the code is drawn as wide as a hyphen inside words, and
:func:`printed_soft_hyphens` tells so from the glyphs' widths; those are hyphens.
A heading or a label set with tracking (letter-spacing: ``I N V O I C E``, ``P AY B Y`` where a kerned pair stays
together) is broken into its letters by PyMuPDF, which reads a gap wider than a fraction of the font size as a
space. The text layer itself tells: the typesetter printed no space glyph there. :func:`join_tracked_letters`
joins such pieces when every one of them is a letter or two (a document that prints no space glyphs at all, as
pdfTeX's, leaves whole words between its gaps and is not touched).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

import pymupdf

from pipeline.layout import LineUnit, RawWord

__all__ = ["SOFT_HYPHEN", "compose_accents", "is_euro_font", "join_accented_words", "join_soft_hyphens",
           "mend_drawn_euro", "mend_font_euro", "printed_soft_hyphens"]

SOFT_HYPHEN = "\u00ad"

#: spacing accents TeX sets before the letter they sit over, and the combining mark each stands for
_OVER = {"\u00b4": "\u0301", "`": "\u0300", "\u00a8": "\u0308", "\u02c6": "\u0302",
         "\u02dc": "\u0303", "\u02c7": "\u030c", "\u02d8": "\u0306", "\u00af": "\u0304", "\u02d9": "\u0307",
         "\u02da": "\u030a", "\u02dd": "\u030b"}
#: ... and the ones hung under a letter, which TeX sets before or after it (``fran¸cais``, ``Ostroł˛eka``), with
#: the letters each is hung under
_UNDER = {"\u00b8": ("\u0327", "cCsStT"), "\u02db": ("\u0328", "aAeEiIoOuU")}
_OVER_LETTER = re.compile("([" + re.escape("".join(_OVER)) + r"])([^\W\d_])")
_UNDER_BESIDE = re.compile(r"([^\W\d_]?)([" + "".join(_UNDER) + r"])([^\W\d_]?)")
#: the dotless letters an accent is set on ("\\'\\i")
_DOTLESS = {"ı": "i", "ȷ": "j"}
_ACCENT_CHARS = frozenset(_OVER) | frozenset(_UNDER)


def _composed(letter: str, mark: str) -> str | None:
    """``letter`` with ``mark`` as one precomposed character, or None when Unicode has none."""
    one = unicodedata.normalize("NFC", _DOTLESS.get(letter, letter) + mark)
    return one if len(one) == 1 else None


def compose_accents(text: str) -> str:
    """``text`` with each spacing accent set beside a letter joined to it (``Honor´e`` → ``Honoré``,
    ``fran¸cais`` → ``français``). An accent that forms no precomposed letter with its neighbour (a grave
    quote before a ``k``, the circumflex of ``x^y``) stays as it is; a cedilla or an ogonek is hung under the
    neighbour that takes it (a ``c`` or an ``e``, not the ``n`` or ``ł`` on its other side)."""
    if not any(ch in _ACCENT_CHARS for ch in text):
        return text

    def over(m: re.Match[str]) -> str:
        return _composed(m.group(2), _OVER[m.group(1)]) or m.group(0)

    def under(m: re.Match[str]) -> str:
        before, accent, after = m.groups()
        mark, letters = _UNDER[accent]
        if after and after in letters and (one := _composed(after, mark)):
            return before + one
        if before and before in letters and (one := _composed(before, mark)):
            return one + after
        return m.group(0)

    return _UNDER_BESIDE.sub(under, _OVER_LETTER.sub(over, text))


#: a minus sign inside a word: PostScript's ISO Latin-1 encoding names its hyphen ``minus``
_INNER_MINUS = re.compile(r"(?<=\w)\u2212|\u2212(?=[^\W\d_])")


def mend_minus_hyphen(text: str) -> str:
    """``text`` with a minus sign that joins two words read as a hyphen (``INV−2023−0042``,
    ``Hennessy−O'Farrelly``): a PostScript program that reencodes its fonts with ``ISOLatin1Encoding`` sets
    the hyphen key as the ``minus`` glyph, which the text layer gives as U+2212; so does a dash standing alone
    between words (``Hosting − March``). A leading minus before a figure (``−12.50``) stays a sign."""
    if "\u2212" not in text:
        return text
    return "-" if text == "\u2212" else _INNER_MINUS.sub("-", text)


def join_accented_words(words: list[tuple]) -> list[tuple]:
    """PyMuPDF's ``words`` tuples (``x0, y0, x1, y1, text, block, line, word``) with a word that starts with a
    spacing accent joined to the word before it on its line when the two touch: a font's kerning around an accent
    hung under a letter makes PyMuPDF break the word there (``j`` ``˛adro`` for ``jądro``)."""
    out: list[tuple] = []
    for w in words:
        if out and w[4][:1] in _ACCENT_CHARS:
            prev = out[-1]
            if prev[5:7] == w[5:7] and w[0] - prev[2] < 0.1 * (w[3] - w[1]):
                out[-1] = (prev[0], min(prev[1], w[1]), w[2], max(prev[3], w[3]), prev[4] + w[4], *prev[5:])
                continue
        out.append(w)
    return out


def join_soft_hyphens(words: list[tuple], printed: bool = False) -> list[tuple]:
    """PyMuPDF's ``words`` tuples (``x0, y0, x1, y1, text, block, line, word``) with a word broken at a soft
    hyphen read whole: a word that ends its line on U+00AD goes on as the first word of its block's next line,
    and the two become one word where the rest stands, at the start of the next line (``Inteligen\xad`` over
    ``tes S.L.N.E`` → ``Inteligentes S.L.N.E``), so that the line still starts where its column starts, as a
    wrapped description's or name's next line does. A soft hyphen anywhere else is not printed and is dropped,
    unless the page draws it (``printed``, :func:`printed_soft_hyphens`): then it is a hyphen (``KV-41.288.564``)."""
    out: list[tuple] = []
    head = ""  # the pieces of a broken word read so far, waiting for the word's rest
    for k, w in enumerate(words):
        text = head + w[4]
        if text.endswith(SOFT_HYPHEN) and k + 1 < len(words) and _goes_on(w, words[k + 1]):
            head = text[:-1]
            continue
        x1 = w[2]
        if head:  # as wide as its letters, up to the next word
            nxt = words[k + 1] if k + 1 < len(words) and words[k + 1][5:7] == w[5:7] else None
            x1 = w[2] + len(head) * (w[2] - w[0]) / max(1, len(w[4]))
            x1 = min(x1, nxt[0]) if nxt else x1
            head = ""
        text = text.replace(SOFT_HYPHEN, "-" if printed else "")
        if text:
            out.append((w[0], w[1], x1, w[3], text, *w[5:]))
    return out


#: a soft hyphen drawn at least this wide (in its font's sizes) is a printed hyphen; not printed, it has no width
_PRINTED_HYPHEN = 0.15


def printed_soft_hyphens(layout: dict[str, Any]) -> bool:
    """Whether the soft hyphens of a page's ``rawdict`` text are drawn as hyphens: most of those inside a line
    (not the last character of their line, where a hyphenating typesetter breaks a word) are at least
    :data:`_PRINTED_HYPHEN` of their font's size wide."""
    widths = []
    for block in layout.get("blocks", []):
        for line in block.get("lines", []):
            chars = [(c, span["size"]) for span in line.get("spans", []) for c in span.get("chars", [])]
            widths += [(c["bbox"][2] - c["bbox"][0]) / size for k, (c, size) in enumerate(chars)
                       if c["c"] == SOFT_HYPHEN and size > 0 and k + 1 < len(chars) and chars[k + 1][0]["c"].strip()]
    return bool(widths) and sorted(widths)[len(widths) // 2] >= _PRINTED_HYPHEN


#: the longest piece of a tracked word: a letter, or a pair a font kerns together ("AY", "AT", "To"), before a stop
_TRACKED_PIECE = 2
#: the widest gap between the pieces of a tracked word, in the pieces' heights
_TRACKED_GAP = 0.4


def join_tracked_letters(words: list[tuple], unspaced: list[tuple]) -> list[tuple]:
    """PyMuPDF's ``words`` tuples (``x0, y0, x1, y1, text, block, line, word``) with a letter-spaced word read
    whole: ``unspaced`` are the same page's words read with ``TEXT_INHIBIT_SPACES`` (split only where a space glyph
    is printed). The pieces of ``words`` that stand in one word of ``unspaced``, on one line, are joined when
    there are two or more of them, each one or two letters, one a letter alone, together the whole of that word
    (``P`` ``AY`` in ``PAY``, ``RE`` ``F.`` in ``REF.``), at most 0.4 of their height apart. A line of whole words
    that a typesetter set without any space glyph (pdfTeX's ``Total of a month``), two-letter words (``PU HT``),
    a comb's cells and figures (``5 x 2``) stay apart."""
    out: list[tuple] = []
    k = 0
    by_line: dict[tuple[int, int], list[tuple]] = {}
    for u in unspaced:
        by_line.setdefault((u[5], u[6]), []).append(u)
    while k < len(words):
        w = words[k]
        end, holder = k + 1, None
        if _tracked_piece(w[4]):
            holder = _holder(w, by_line)
            if holder is not None:
                while (end < len(words) and words[end][5:7] == w[5:7] and _tracked_piece(words[end][4])
                       and _holder(words[end], by_line) is holder):
                    end += 1
        pieces = words[k:end]
        if holder is not None and len(pieces) >= 2 and "".join(p[4] for p in pieces) == holder[4] \
                and _tracked(pieces):
            out.append((pieces[0][0], min(p[1] for p in pieces), pieces[-1][2], max(p[3] for p in pieces),
                        holder[4], *w[5:]))
        else:
            out.extend(pieces)
        k = end
    return out


def _tracked(pieces: list[tuple]) -> bool:
    """Whether ``pieces`` of one unspaced word read as letter-spacing: a letter stands alone among them (two-letter
    words set without a space glyph, ``PU`` ``HT``, are words), and no gap between them is wider than 0.4 of their
    height (a comb's cells set a letter each further apart, and its own join reads those)."""
    height = sorted(p[3] - p[1] for p in pieces)[len(pieces) // 2]
    return (any(len(p[4].rstrip(".:")) == 1 for p in pieces)
            and all(b[0] - a[2] <= _TRACKED_GAP * height for a, b in zip(pieces, pieces[1:])))


def _tracked_piece(text: str) -> bool:
    """Whether ``text`` can be a piece of a letter-spaced word: one or two letters, a stop or colon after them
    or alone (``RE`` ``F.``, ``F`` ``.``); figures stay apart (``5`` ``x`` ``2`` set without a space glyph)."""
    core = text.rstrip(".:")
    return (0 < len(core) <= _TRACKED_PIECE and core.isalpha()) or text in (".", ":")


def _holder(word: tuple, by_line: dict[tuple[int, int], list[tuple]]) -> tuple | None:
    """The word of ``by_line`` on ``word``'s line whose box holds ``word``'s centre."""
    cx, cy = (word[0] + word[2]) / 2, (word[1] + word[3]) / 2
    for u in by_line.get((word[5], word[6]), ()):
        if u[0] <= cx <= u[2] and u[1] <= cy <= u[3]:
            return u
    return None


def _goes_on(last: tuple, first: tuple) -> bool:
    """Whether ``first`` starts the line after ``last``'s in the same block."""
    return first[5] == last[5] and first[6] == last[6] + 1 and first[7] == 0


#: a word with a C where a currency sign goes: alone, before a figure (after a minus sign), or after one
_C_BY_FIGURE = re.compile(r"^[-\u2212\u2013]?C(?=\d)|(?<=\d)C$|^C$")


def mend_drawn_euro(drawings: Callable[[], list[dict[str, Any]]], units: list[LineUnit],
                    matrix: pymupdf.Matrix) -> list[LineUnit]:
    """``units`` with each ``C`` that two short rules cross (textcomp's drawn euro) read as ``€``.

    Only a ``C`` beside a figure or standing alone is looked at, and the page's drawings (``drawings()``) are read
    only when one is there. A rule crosses the ``C`` when it is about as wide as the letter, flat, and lies in the
    middle band of the word's height over the letter's share of the word."""
    candidates = [(u, k, m) for u in units for k, w in enumerate(u.words) if (m := _C_BY_FIGURE.search(w.text))]
    if not candidates:
        return units
    paths = drawings()
    if not paths or len(paths) > 20_000:
        return units
    rules = [r for d in paths if (r := pymupdf.Rect(d["rect"]) * matrix).height <= 1.0 and 0 < r.width <= 20]
    if len(rules) < 2:
        return units
    for unit, k, m in candidates:
        word = unit.words[k]
        at = word.text.index("C", m.start())
        step = (word.x1 - word.x0) / len(word.text)
        c0, c1 = word.x0 + at * step, word.x0 + (at + 1) * step
        height = word.y1 - word.y0
        lo, hi = word.y0 + 0.25 * height, word.y1 - 0.15 * height
        across = {round(r.y0, 1) for r in rules
                  if lo <= r.y0 <= hi and r.x0 < c1 and r.x1 > c0 and r.width <= 2.0 * step + 1.0}
        if len(across) >= 2:
            unit.words[k] = RawWord(word.text[:at] + "€" + word.text[at + 1:], word.x0, word.y0, word.x1, word.y1,
                                    word.confidence)
    return units


#: the fonts of LaTeX's euro packages: eurosym's ``feymr10``, ``feybr10``…, marvosym's ``MarVoSym``
_EURO_FONT = re.compile(r"(?i)(?:^|[+-])fey[a-z]*\d+$|marvosym")
#: what the text layer makes of their euro glyph
_EURO_STANDINS = frozenset({"e", "E", "\u00a4"})


def is_euro_font(font: str, text: str) -> bool:
    """Whether a span in ``font`` that reads ``text`` is a euro package's euro sign."""
    return text.strip() in _EURO_STANDINS and _EURO_FONT.search(font) is not None


def mend_font_euro(text: str, x0: float, x1: float, y0: float, y1: float,
                   euros: list[tuple[float, float, float, float]]) -> str:
    """``text`` (a word over ``x0``..``x1``) with the stand-in for a euro package's sign read as ``€`` where one
    of ``euros`` (the boxes of such signs) lies at its first or its last letter."""
    if not euros or not text or not (text[0] in _EURO_STANDINS or text[-1] in _EURO_STANDINS):
        return text
    step = (x1 - x0) / len(text)
    for ex0, ey0, ex1, ey1 in euros:
        if min(y1, ey1) <= max(y0, ey0):
            continue
        if text[0] in _EURO_STANDINS and ex0 <= x0 + 0.5 * step and ex1 > x0:
            text = "€" + text[1:]
        elif text[-1] in _EURO_STANDINS and ex1 >= x1 - 0.5 * step and ex0 < x1:
            text = text[:-1] + "€"
    return text
