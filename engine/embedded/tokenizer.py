"""The embedded model's tokenizer: word-level over normalised words, with pointer tokens.

Words are lower-cased and every digit becomes ``0`` (``1,234.56`` → ``0,000.00``), so a few thousand entries cover
the shapes of numbers, dates and identifiers as well as the label vocabulary of invoices in several languages.
A word outside the vocabulary becomes a shape token (``<w:Aa>``, ``<w:0a>``...), chosen in Python before the
tokenizer sees it. Pointer tokens ``<p0>``…``<pN>`` name candidate spans of the document: the model fills a value
slot by choosing one, which keeps every value grounded in the document by construction.

The result is an ordinary :class:`~transformers.PreTrainedTokenizerFast`, saved beside the weights.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

from tokenizers import Regex, Tokenizer, models, normalizers, pre_tokenizers
from transformers import PreTrainedTokenizerFast

__all__ = [
    "BIG_TOKEN",
    "NULL_TOKEN",
    "ABSENT_TOKEN",
    "NL_TOKEN",
    "build_tokenizer",
    "is_pointer_token",
    "normalize_word",
    "pointer_token",
    "shape_token",
    "x_token",
]

PAD, UNK, BOS, EOS, MASK = "<pad>", "<unk>", "<bos>", "<eos>", "<mask>"
NL_TOKEN = "<nl>"
PAGE_TOKEN = "<page>"
NULL_TOKEN = "<null>"
ABSENT_TOKEN = "<absent>"
SPECIAL_TOKENS = [PAD, EOS, BOS, UNK, MASK, NL_TOKEN, PAGE_TOKEN, NULL_TOKEN, ABSENT_TOKEN, "<boi>", "<eoi>", "<image>",
                  "<big>"]
SHAPE_TOKENS = ["<w:Aa>", "<w:A>", "<w:a>", "<w:0>", "<w:0a>", "<w:.>", "<w:?>"]
#: marks a span printed clearly larger than the document's body text (titles, issuer names, totals)
BIG_TOKEN = "<big>"
X_BUCKETS = 16
_SKELETON_PIECES = ["{", "}", "[", "]", '"', ":", ",", "null", "true", "false"]

_DIGIT = re.compile(r"[0-9]")


def pointer_token(i: int) -> str:
    return f"<p{i}>"


def is_pointer_token(token: str) -> bool:
    """Whether a token is one of the pointer tokens ``<p0>``…``<pN>``."""
    return token.startswith("<p") and token[2:-1].isdigit()


def x_token(x: float) -> str:
    """Token for the horizontal position (0..1) of a span's left edge."""
    return f"<x{min(X_BUCKETS - 1, max(0, int(x * X_BUCKETS)))}>"


def normalize_word(word: str) -> str:
    """What the tokenizer's normaliser does to a word (kept in sync with it)."""
    return _DIGIT.sub("0", unicodedata.normalize("NFKC", word).lower())


def shape_token(word: str) -> str:
    """A coarse shape for a word the vocabulary does not know."""
    has_digit = any(c.isdigit() for c in word)
    has_alpha = any(c.isalpha() for c in word)
    if has_digit and has_alpha:
        return "<w:0a>"
    if has_digit:
        return "<w:0>"
    if has_alpha:
        letters = [c for c in word if c.isalpha()]
        if all(c.isupper() for c in letters):
            return "<w:A>"
        if letters[0].isupper():
            return "<w:Aa>"
        return "<w:a>"
    if word:
        return "<w:.>"
    return "<w:?>"


def _pre_tokenizer() -> pre_tokenizers.PreTokenizer:
    # Whitespace words; JSON punctuation is split off (so canvas skeletons tokenize), but a comma or colon inside
    # a number or a time ("1,234.56", "12:30") stays part of the word.
    return pre_tokenizers.Sequence([
        pre_tokenizers.WhitespaceSplit(),
        pre_tokenizers.Split(Regex(r'[{}\[\]"]|[:,](?=$)'), behavior="isolated"),
    ])


def build_tokenizer(
    words: Iterable[str],
    *,
    extra_tokens: Iterable[str] = (),
    max_words: int = 4000,
    min_count: int = 2,
    n_pointers: int = 512,
) -> PreTrainedTokenizerFast:
    """Build the tokenizer from corpus words (raw document words; normalised here) and schema tokens.

    ``extra_tokens`` are words that must be in the vocabulary whatever their frequency: JSON keys of the schemas,
    enum members, skeleton punctuation.
    """
    counts = Counter(normalize_word(w) for w in words)
    vocab: dict[str, int] = {}

    def add(tok: str) -> None:
        if tok not in vocab:
            vocab[tok] = len(vocab)

    for tok in SPECIAL_TOKENS + SHAPE_TOKENS:
        add(tok)
    for i in range(n_pointers):
        add(pointer_token(i))
    for i in range(X_BUCKETS):
        add(f"<x{i}>")
    for tok in _SKELETON_PIECES:
        add(tok)
    for tok in extra_tokens:
        for piece in _pieces(tok):
            add(piece)
    for tok, n in counts.most_common():
        if len(vocab) >= max_words + n_pointers + 64 or n < min_count:
            break
        for piece in _pieces(tok):
            add(piece)

    model = models.WordLevel(vocab, unk_token=UNK)
    tok = Tokenizer(model)
    tok.normalizer = normalizers.Sequence([
        normalizers.NFKC(), normalizers.Lowercase(), normalizers.Replace(Regex(r"[0-9]"), "0"),
    ])
    tok.pre_tokenizer = _pre_tokenizer()
    specials = SPECIAL_TOKENS + SHAPE_TOKENS + [pointer_token(i) for i in range(n_pointers)] + [
        f"<x{i}>" for i in range(X_BUCKETS)]
    tok.add_special_tokens(specials)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, unk_token=UNK, pad_token=PAD, bos_token=BOS, eos_token=EOS, mask_token=MASK,
    )
    fast.model_input_names = ["input_ids", "attention_mask"]
    return fast


def _pieces(text: str) -> list[str]:
    """Split ``text`` the way the pre-tokenizer will, after normalisation."""
    return [p for p, _ in _pre_tokenizer().pre_tokenize_str(normalize_word(text))]
