"""What every layout shares: the registry of layout families and common style helpers.

A layout family is a class with ``doc_type`` and ``name`` that knows how to draw its document type; families
register with :func:`register_layout` and are listed by :func:`layout_names`. Colours and typefaces are drawn
here so every family picks them the same way.
"""

from __future__ import annotations

import random
from typing import ClassVar

from docgen.canvas import RGB, Typeface, typefaces

__all__ = [
    "ACCENTS",
    "LayoutFamily",
    "UnknownLayoutError",
    "get_layout",
    "layout_names",
    "pick_typeface",
    "register_layout",
    "tint",
]

ACCENTS: tuple[RGB, ...] = (
    (0.11, 0.23, 0.45), (0.0, 0.40, 0.45), (0.55, 0.10, 0.12), (0.13, 0.42, 0.20), (0.25, 0.25, 0.25),
    (0.0, 0.0, 0.0), (0.80, 0.40, 0.05), (0.35, 0.20, 0.50), (0.05, 0.30, 0.65),
)


def tint(color: RGB, amount: float) -> RGB:
    """Mix ``color`` with white; ``amount`` 0 keeps the colour, 1 gives white."""
    return tuple(c + (1 - c) * amount for c in color)  # type: ignore[return-value]


def pick_typeface(rng: random.Random, preferred: tuple[str, ...] = ()) -> Typeface:
    """A typeface from ``preferred`` (those installed), else any installed one."""
    faces = typefaces()
    names = [n for n in preferred if n in faces] or sorted(faces)
    return faces[rng.choice(names)]


class LayoutFamily:
    """Base of all layout families; subclasses set ``doc_type`` and ``name``."""

    doc_type: ClassVar[str] = ""
    name: ClassVar[str] = ""
    description: ClassVar[str] = ""


class UnknownLayoutError(KeyError):
    """No layout family of that name exists for the document type."""

    def __init__(self, doc_type: str, name: str, known: list[str]) -> None:
        super().__init__(f"unknown {doc_type} layout {name!r}; known: {', '.join(known) or '(none)'}")

    def __str__(self) -> str:
        return str(self.args[0])


_LAYOUTS: dict[str, dict[str, type[LayoutFamily]]] = {}


def register_layout(cls: type[LayoutFamily]) -> type[LayoutFamily]:
    """Class decorator: add a layout family to the registry."""
    if not cls.doc_type or not cls.name:
        raise ValueError(f"{cls.__name__} needs doc_type and name")
    _LAYOUTS.setdefault(cls.doc_type, {})[cls.name] = cls
    return cls


def layout_names(doc_type: str) -> list[str]:
    """Layout family names for ``doc_type``, in registration order."""
    return list(_LAYOUTS.get(doc_type, {}))


def get_layout(doc_type: str, name: str) -> type[LayoutFamily]:
    """The layout family class; raises :class:`UnknownLayoutError` listing the known names."""
    try:
        return _LAYOUTS[doc_type][name]
    except KeyError:
        raise UnknownLayoutError(doc_type, name, layout_names(doc_type)) from None
