"""How one document writes its values: labels, dates, numbers and money, chosen once per document.

A :class:`Formatter` is the single place where a value becomes the text printed on the page, so that what a
layout draws and what the truth records can never disagree about formatting.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum

from docgen.locales import CURRENCY_SYMBOLS, DateStyle, Locale, NumberFormat

__all__ = ["Formatter", "MoneyStyle", "make_formatter"]

#: Keys that are sentences, not headings: never upper-cased.
_PHRASES = frozenset({
    "salutation", "intro", "regards", "thank_you", "pay_by", "payment_terms", "continued", "receipt_thanks",
    "declaration_text", "all_amounts_in", "subject", "approved", "fine_print",
})


class MoneyStyle(StrEnum):
    """Where the currency goes on an amount."""

    SYMBOL = "symbol"  # $1,234.56 / 1.234,56 € / € 1.234,56
    CODE_BEFORE = "code_before"  # EUR 1.234,56
    CODE_AFTER = "code_after"  # 1.234,56 EUR
    BARE = "bare"  # 1.234,56 (the currency is stated once elsewhere)


@dataclass
class Formatter:
    """Formats values and picks label variants for one document."""

    locale: Locale
    number: NumberFormat
    dates: DateStyle
    currency: str
    money_style: MoneyStyle
    symbol: str
    symbol_space: bool
    label_seed: str
    upper_labels: bool = False

    def label(self, key: str, **kw: object) -> str:
        """The label variant this document uses for ``key`` (stable per document), with templates filled."""
        text = self._variant(key)
        if kw:
            text = text.format(**kw)
        # Sentences and labels that embed a date or number stay as written; short headings may be upper case.
        if (self.upper_labels and len(text) < 32 and key not in _PHRASES
                and not set(kw) - {"rate", "n", "total", "code"}):
            return text.upper()
        return text

    def _variant(self, key: str) -> str:
        variants = self.locale.labels.variants(key)
        # section headings share one choice so numbering ("1. ...", "2. ...") is consistent on a form
        draw_key = "sec" if key.startswith("sec_") else key
        return variants[random.Random(f"{self.label_seed}:{draw_key}").randrange(len(variants))]

    def label_around(self, key: str, placeholder: str, **kw: object) -> tuple[str, str]:
        """The label's text before and after ``{placeholder}`` (to print the value in between on its own)."""
        raw = self._variant(key)
        before, _, after = raw.partition("{" + placeholder + "}")
        return before.format(**kw), after.format(**kw)

    def date(self, value: date) -> str:
        """A date in this document's date style."""
        return self.dates.format(value, self.locale.months, self.locale.months_abbr)

    def amount(self, value: Decimal) -> str:
        """A bare amount with two decimals (``1.234,56``)."""
        return self.number.format(value, 2)

    def money(self, value: Decimal, *, bare: bool = False) -> str:
        """An amount with its currency as this document writes it (or bare)."""
        if bare or self.money_style is MoneyStyle.BARE:
            return self.amount(value)
        sign = "-" if value < 0 else ""
        text = self.amount(abs(value))
        sep = " " if self.symbol_space else ""
        if self.money_style is MoneyStyle.CODE_BEFORE:
            return f"{self.currency} {sign}{text}"
        if self.money_style is MoneyStyle.CODE_AFTER:
            return f"{sign}{text} {self.currency}"
        if self.locale.symbol_after:
            return f"{sign}{text} {self.symbol}"
        return f"{sign}{self.symbol}{sep}{text}"

    def quantity(self, value: Decimal) -> str:
        """A quantity without trailing zeros."""
        return self.number.format_quantity(value)

    def percent(self, rate: Decimal) -> str:
        """A tax rate given as a fraction (0.19 → ``19 %``)."""
        return self.locale.format_percent(rate, self.number)

    @property
    def currency_stated_once(self) -> bool:
        """True when amounts are bare and the layout must state the currency somewhere."""
        return self.money_style is MoneyStyle.BARE

    def currency_note(self) -> str:
        """A phrase naming the currency (``All amounts in EUR``)."""
        return self.label("all_amounts_in", code=self.currency)


def make_formatter(rng: random.Random, locale: Locale, currency: str, label_seed: str) -> Formatter:
    """Draw this document's number format, date style and money style."""
    nf = locale.number_formats[0] if rng.random() < 0.75 else rng.choice(locale.number_formats)
    dates = locale.date_styles[0] if rng.random() < 0.5 else rng.choice(locale.date_styles)
    symbols = CURRENCY_SYMBOLS.get(currency, ())
    style_weights = {MoneyStyle.SYMBOL: 0.55 if symbols else 0.0, MoneyStyle.CODE_BEFORE: 0.12,
                     MoneyStyle.CODE_AFTER: 0.13, MoneyStyle.BARE: 0.2}
    styles, weights = zip(*style_weights.items(), strict=True)
    money_style = rng.choices(styles, weights=weights)[0]
    symbol = rng.choice(symbols) if symbols else currency
    # "$1,234.56" has no space; "€ 1.234,56" (nl) and "1.234,56 €" (de/fr) have one; "CHF 12.00" always.
    symbol_space = (locale.language in {"nl", "de", "fr", "es", "it", "pl"} or len(symbol) > 1) and symbol != "$"
    if locale.code == "en-IN" and symbol == "₹":
        symbol_space = rng.random() < 0.3
    return Formatter(locale=locale, number=nf, dates=dates, currency=currency, money_style=money_style,
                     symbol=symbol, symbol_space=symbol_space, label_seed=label_seed,
                     upper_labels=rng.random() < 0.15)
