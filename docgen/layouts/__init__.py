"""Layout families, registered by name per document type (see :func:`docgen.layouts.base.layout_names`)."""

from docgen.layouts import claim, invoice, receipt  # noqa: F401 - importing registers the families
from docgen.layouts.base import LayoutFamily, UnknownLayoutError, get_layout, layout_names, register_layout

__all__ = ["LayoutFamily", "UnknownLayoutError", "get_layout", "layout_names", "register_layout"]
