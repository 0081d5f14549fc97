"""A ticked option that OCR did not read as a check box, found from the marks around the options.

Scanned forms lose their ticks first. A filled box comes back as nothing, as a tick glyph OCR does not know
("冈") or as a blot read as letters ("M", "Mi", "mM", "&"); the empty boxes of the other options come back as box
glyphs or as the letters they resemble ("O", "D", "©", "U]"), sometimes as "m". Reading a row of options:

    Cover type: ☐ Motor  Property  □ Health  □ Travel        → Property (the only option without a box)
    CLAIM CATEGORY: © MOTOR O PROPERTY © MEDICAL Mi TRAVEL   → Travel (the only tick)
    Wurde die Polizei verständigt?  O Ja  Nein                → Nein

Each option word gets the short token beside it as its mark: before it, or after it on forms that print their
boxes after the options; a mark between two options belongs to the one it is clearly closer to; a mark glued
to its option ("[Dom", "mNO") is split off, an option written in letters set apart ("H e a l t h") is read
as one word, and words joined by a slash ("Auto / RCA") as one option. The ticked option is the only one with a
sure tick, else the only "m", when every other option has a mark; else the only one without a mark. Any other row
(two ticks, a tick and an option without a box, no boxes at all) gives nothing, and the field is left to review.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.base import SIGNATURE_MARK, Word
from engine.spandoc import Found, SpanDoc
from engine.spans import Span

__all__ = ["unread_tick"]

# Marks OCR makes of boxes on a scan. A ticked box comes back as a tick glyph or an "M"-like blot ("M", "Mi",
# "mM", "冈"), or as the ink no word covers that the input stage marks (a filled radio button: SIGNATURE_MARK); an
# empty one as a box glyph or a letter it resembles ("O", "D", "©", "U]"), and sometimes as "m".
_TICK = re.compile(rf"[☒☑■⊠冈✓✔✗✘√xX&@#◉⦿●{SIGNATURE_MARK}]|\[[xX]\]|M[a-zA-Z]?|m[A-Z]")
_MAYBE_TICK = "m"
#: an option with the next option's box glued after it by the OCR ("Sí[]", "Yes□")
_TRAILING_BOX = re.compile(r"(\w{2,})(\[\s?\]|\[[xX]\]|[☐□☒])")
_BOX_LETTERS = "ODUCQ"  # letters an empty box is read as, glued to its option ("UNO")
_CLOSER = 0.75  # a mark between two options belongs to the one it is clearly closer to
_MAX_MARK = 3  # a mark is a short token that names no option
_WORDISH = re.compile(r"[^\W\d_]{2}")  # a word, not a mark


@dataclass
class _Token:
    text: str
    x0: float
    x1: float
    words: list[int]


def _tokens(words: list[tuple[int, Word]]) -> list[_Token]:
    """The row's words, runs of single letters joined ("H e a l t h")."""
    out = [_Token(w.text.strip(), w.bbox[0], w.bbox[2], [i]) for i, w in words if w.text.strip()]
    joined: list[_Token] = []
    k = 0
    while k < len(out):
        run = k
        while run < len(out) and len(out[run].text) == 1 and out[run].text.lower() != out[run].text.upper():
            run += 1
        if run - k >= 3:  # three letters or more set apart: one word
            joined.append(_Token("".join(t.text for t in out[k:run]), out[k].x0, out[run - 1].x1,
                                 [i for t in out[k:run] for i in t.words]))
            k = run
        else:
            joined.append(out[k])
            k += 1
    return _slash_joined(joined)


def _slash_joined(tokens: list[_Token]) -> list[_Token]:
    """Words joined by a slash read as one option ("Auto / RCA", "Casa/ Abitazione"), so that the slash is no
    option's mark and the second word no option of its own."""
    out: list[_Token] = []
    for t in tokens:
        prev = out[-1] if out else None
        if prev is not None and _WORDISH.search(prev.text) and (
                t.text.startswith("/") or prev.text.endswith("/") and _WORDISH.search(t.text)):
            out[-1] = _Token(f"{prev.text} {t.text}", prev.x0, t.x1, prev.words + t.words)
        else:
            out.append(t)
    return out


def _row_from(doc: SpanDoc, spans: list[Span]) -> list[Span]:
    """The options under a caption: the spans under it and the rest of their line to the right (a row of
    options runs on past its caption's width: "Tipo di sinistro" over "☐ Auto  Casa  ☐ Salute  ☐ Viaggio")."""
    right, taken = max(s.bbox[2] for s in spans), {s.index for s in spans}
    return spans + [s for s in doc.lines[(spans[0].page, spans[0].line)]
                    if s.bbox[0] >= right and s.index not in taken]


def _row_words(doc: SpanDoc, spans: list[Span]) -> list[tuple[int, Word]]:
    idx = sorted({i for s in spans for i in s.word_indices}, key=lambda i: doc.words[i].bbox[0])
    return [(i, doc.words[i]) for i in idx]


@dataclass
class _Option:
    value: Any
    token: _Token
    mark: str | None  # the mark before it (or after it, on forms that print boxes after their options)


#: what joins the words of one option ("Home / property", "Motor & vehicle")
_JOINERS = frozenset({"/", "-", "&", "+", ","})


def _options(tokens: list[_Token], value_of: Callable[[str], Any]) -> list[_Option]:
    """The row's option words with their marks; a mark glued to its option ("[Dom", "mNO") is split off."""
    found: list[tuple[int, Any, str | None]] = []  # (token position, value, glued mark)
    trailing: dict[int, str] = {}  # the next option's box glued after an option ("[X] Sí[] No")
    for k, t in enumerate(tokens):
        for cut in (1, 2):  # a mark glued to its option: "☐Motor", "[Dom", "mNO", "UNO"
            head, rest = t.text[:cut], t.text[cut:]
            glued = not head.isalnum() or bool(_TICK.fullmatch(head)) or head == _MAYBE_TICK or (
                head in _BOX_LETTERS and value_of(t.text) is None)
            if len(rest) >= 2 and glued and (v := value_of(rest)) is not None:
                found.append((k, v, head))
                break
        else:
            if len(t.text) >= 2 and (v := value_of(t.text)) is not None:
                found.append((k, v, None))
            elif (m := _TRAILING_BOX.fullmatch(t.text)) and (v := value_of(m.group(1))) is not None:
                found.append((k, v, None))
                trailing[k] = m.group(2)
    if not found:
        return []
    at = {k for k, _, _ in found}
    # one option's words, each naming its value ("Motor vehicle", "Home / property"): one option, its first word's
    merged: list[tuple[int, Any, str | None]] = []
    for k, v, glued in found:
        if merged and merged[-1][1] == v and not glued and all(
                tokens[j].text in _JOINERS for j in range(merged[-1][0] + 1, k)):
            continue
        merged.append((k, v, glued))
    found = merged

    def gap(a: int, b: int) -> float:
        """The space between two neighbouring tokens, in either order."""
        return abs(tokens[max(a, b)].x0 - tokens[min(a, b)].x1)

    def mark(k: int, side: int) -> str | None:
        """The mark beside option ``k`` on ``side`` (-1 before, +1 after), unless it sits closer to the next
        option on that side."""
        m, other = k + side, k + 2 * side
        if side < 0 and m in trailing:
            return trailing[m]
        if not (0 <= m < len(tokens)) or m in at or len(tokens[m].text) > _MAX_MARK:
            return None
        if other in at and gap(m, other) < _CLOSER * gap(k, m):
            return None
        return tokens[m].text

    before = [glued or mark(k, -1) for k, _, glued in found]
    after = [glued or mark(k, +1) for k, _, glued in found]
    first, last = found[0][0], found[-1][0]
    # boxes after their options: the row ends with a mark and starts with an option ("Yes ☐ No ☐")
    after_first = (first == 0 and last < len(tokens) - 1 and mark(last, +1) is not None) or (
        all(after) and not all(before))
    marks = after if after_first else before
    return [_Option(v, tokens[k], m) for (k, v, _), m in zip(found, marks, strict=True)]


def _infer(options: list[_Option], none_ticked: Any) -> tuple[Any, _Token] | None:
    """The only option with a sure tick, else the only "m", when every other option has a mark; else the only
    option without a mark, when every other option has one; ``none_ticked`` when every option has an empty box."""
    if len(options) < 2 or len({o.value for o in options}) < 2:
        return None
    ticked = [o for o in options if o.mark and _TICK.fullmatch(o.mark)]
    maybe = [o for o in options if o.mark == _MAYBE_TICK]
    unmarked = [o for o in options if not o.mark]
    if ticked:  # a tick, unless another option lost its box (which of the two is ticked?)
        pick = ticked if len(ticked) == 1 and not unmarked else []
    elif len(maybe) == 1:  # more than one "m": the empty boxes read as "m"
        pick = maybe if not unmarked else []
    elif not unmarked and not maybe:
        return none_ticked, options[0].token
    else:
        pick = unmarked if len(unmarked) == 1 else []
    return (pick[0].value, pick[0].token) if pick else None


def unread_tick(doc: SpanDoc, label: Span, value_of: Callable[[str], Any], confidence: float, *,
                none_ticked: Any = None) -> Found | None:
    """The option of ``label``'s row (right of it, else on the line below) that lacks the empty box the other
    options have; ``value_of`` names an option word's value (or None); ``none_ticked`` is the value when every
    option has an empty box (False for a yes/no question, None for a choice)."""
    rows = [doc.right_of(label)] + [_row_from(doc, spans) for _, spans in doc.below(label)[:1] if spans]
    for spans in rows:
        tokens = _tokens(_row_words(doc, spans))
        if not any(value_of(t.text) is not None for t in tokens):
            continue
        inferred = _infer(_options(tokens, value_of), none_ticked)
        if inferred is None or inferred[0] is None:
            return None
        value, token = inferred
        span = next(s for s in spans if token.words[0] in s.word_indices)
        return Found(value, confidence, [span.model_copy(update={"word_indices": token.words})])
    return None
