"""Fillable PDF forms (AcroForm): the values held in a page's form fields, as words where the fields are.

A filled form keeps its answers in widgets, not in the page's text. MuPDF's text layer shows a widget only
through its appearance stream, and that is not to be trusted: a check box is drawn as a ZapfDingbats glyph
("3", "4", "l", "n" for ✓, ✔, ●, ■), an empty one as nothing at all, and a form filled by a tool that sets
``NeedAppearances`` has no appearance, or a stale one, for what was typed. So each widget's own value is read
and put where the widget is, in place of whatever its appearance drew:

- a text field, combo box or list box: its value, word by word, from the field's left edge (the appearance's
  own words are kept when they spell the value, as they sit exactly where it is printed);
- a check box or radio button: one box word, ``☒`` when it is on (its appearance state is not ``Off``) and
  ``☐`` when it is off, which the engines read like a printed box beside its option;
- push buttons and signature fields hold no answer and are left as drawn.
"""

from __future__ import annotations

from collections.abc import Iterable

import pymupdf

from pipeline.layout import LineUnit, RawWord

__all__ = ["CHECKED", "UNCHECKED", "apply_form_fields"]

CHECKED = "☒"
UNCHECKED = "☐"

_BOXES = (pymupdf.PDF_WIDGET_TYPE_CHECKBOX, pymupdf.PDF_WIDGET_TYPE_RADIOBUTTON)
_VALUES = (pymupdf.PDF_WIDGET_TYPE_TEXT, pymupdf.PDF_WIDGET_TYPE_COMBOBOX, pymupdf.PDF_WIDGET_TYPE_LISTBOX)
#: the appearance states that mean "not ticked" (PyMuPDF writes ``False`` for a radio button it switched off)
_OFF = frozenset({"", "off", "false", "no"})
#: the average advance of a character, as a share of the font size (Helvetica's lower case is about 0.5)
_ADVANCE = 0.5


def apply_form_fields(page: pymupdf.Page, units: list[LineUnit], matrix: pymupdf.Matrix) -> list[LineUnit]:
    """``units`` (the page's text layer, displayed coordinates) with each form field's value in place of its
    appearance. ``matrix`` turns the page's unrotated coordinates into the displayed ones."""
    widgets = [w for w in page.widgets() if w.field_type in _BOXES + _VALUES and not _hidden(page, w)]
    if not widgets:
        return units
    out = [LineUnit(list(u.words), u.horizontal) for u in units]
    for widget in widgets:
        rect = widget.rect * matrix
        drawn = [w for u in out for w in u.words if _inside(w, rect)]
        if widget.field_type in _BOXES:
            words = [_box_word(rect, _is_on(page, widget))]
        else:
            values = _value_lines(widget)
            if " ".join(w.text for w in drawn).split() == " ".join(values).split() and drawn:
                continue  # the appearance prints the value: keep its words where they are
            words = [w for n, line in enumerate(values) for w in _laid_out(line, rect, widget, n)]
        for u in out:
            u.words = [w for w in u.words if not _inside(w, rect)]
        out.extend(_lines(words))
    return [u for u in out if u.words]


def _hidden(page: pymupdf.Page, widget: pymupdf.Widget) -> bool:
    """A hidden widget (annotation flag 2) or a password field shows no answer to read."""
    kind, flags = page.parent.xref_get_key(widget.xref, "F")
    if kind == "int" and int(flags) & 2:
        return True
    return widget.field_type == pymupdf.PDF_WIDGET_TYPE_TEXT and bool((widget.field_flags or 0) & (1 << 13))


def _is_on(page: pymupdf.Page, widget: pymupdf.Widget) -> bool:
    """A box is on when its appearance state names an on state; without one, when its value is not Off."""
    kind, state = page.parent.xref_get_key(widget.xref, "AS")
    if kind == "name":
        return state.lstrip("/").lower() not in _OFF
    value = widget.field_value
    return value is True or (isinstance(value, str) and value.strip().lower() not in _OFF)


def _value_lines(widget: pymupdf.Widget) -> list[str]:
    value = widget.field_value
    if isinstance(value, (list, tuple)):  # a list box with several choices
        return [str(v).strip() for v in value if str(v).strip()]
    if value is None or value is False:
        return []
    text = str(value)
    return [line.strip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n") if line.strip()]


def _inside(word: RawWord, rect: pymupdf.Rect) -> bool:
    cx, cy = (word.x0 + word.x1) / 2, (word.y0 + word.y1) / 2
    return rect.x0 <= cx <= rect.x1 and rect.y0 <= cy <= rect.y1


def _box_word(rect: pymupdf.Rect, on: bool) -> RawWord:
    return RawWord(CHECKED if on else UNCHECKED, rect.x0, rect.y0, rect.x1, rect.y1, 1.0)


def _laid_out(line: str, rect: pymupdf.Rect, widget: pymupdf.Widget, row: int) -> Iterable[RawWord]:
    """The words of one line of a field's value, set from the field's left edge in its font size (or one
    that fits the field's height, for an auto-sized field)."""
    size = widget.text_fontsize or min(12.0, max(6.0, rect.height * 0.7))
    top = rect.y0 + max(0.0, (rect.height - size * 1.15) / 2) if row == 0 and rect.height < 2.5 * size \
        else rect.y0 + 2 + row * size * 1.15
    x = rect.x0 + 2
    for token in line.split():
        width = len(token) * size * _ADVANCE
        yield RawWord(token, x, top, x + width, top + size * 1.15, 1.0)
        x += width + size * 0.28


def _lines(words: list[RawWord]) -> list[LineUnit]:
    rows: dict[float, list[RawWord]] = {}
    for w in words:
        rows.setdefault(round(w.y0, 1), []).append(w)
    return [LineUnit(ws) for _, ws in sorted(rows.items())]
