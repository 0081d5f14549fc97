"""OCR of one page image: orientation (Tesseract OSD), deskew, then Tesseract or RapidOCR.

Engines are created once per thread and reused (a Tesseract handle is not thread-safe; loading one costs
~0.1 s, RapidOCR's models more). ``OMP_THREAD_LIMIT=1`` is set before Tesseract loads: its OpenMP threads made
it several times slower here; parallelism belongs across documents (processes), not inside one page.
"""

from __future__ import annotations

import abc
import logging
import os
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_THREAD_LIMIT", "1")

import numpy as np  # noqa: E402
from PIL import Image, ImageFilter  # noqa: E402

from pipeline.checkboxes import (  # noqa: E402
    add_check_boxes,
    add_circled_marks,
    add_framed_answers,
    add_grid_ticks,
    mark_bracketed_boxes,
)
from pipeline.config import OCRSettings  # noqa: E402
from pipeline.combs import erase_comb_cells, find_combs, read_combs  # noqa: E402
from pipeline.deskew import estimate_skew, rotate  # noqa: E402
from pipeline.faint import drop_faint_words  # noqa: E402
from pipeline.errors import ConfigError, OCRError  # noqa: E402
from pipeline.inkmarks import add_ink_signatures  # noqa: E402
from pipeline.layout import LineUnit, RawWord, is_garbage  # noqa: E402
from pipeline.lonefigures import add_lone_figures  # noqa: E402
from pipeline.wordgaps import split_glued_words  # noqa: E402
from pipeline.models import TextSource  # noqa: E402
from pipeline.perspective import flatten_page  # noqa: E402
from pipeline.stamps import drop_stamps  # noqa: E402

__all__ = [
    "OcrPage",
    "RapidOcrRecognizer",
    "Recognizer",
    "TesseractRecognizer",
    "detect_orientation",
    "find_tessdata",
    "get_recognizer",
    "ocr_page",
    "read_image_text",
]

logger = logging.getLogger(__name__)

_TESSDATA_CANDIDATES = (
    "/usr/share/tesseract-ocr/5/tessdata",
    "/usr/share/tesseract-ocr/4.00/tessdata",
    "/usr/share/tessdata",
    "/usr/local/share/tessdata",
    "/opt/homebrew/share/tessdata",
    "/usr/local/share/tesseract-ocr/tessdata",
)
#: OSD below this confidence is ignored: turning an upright page is far worse than missing a turned one
_MIN_ORIENTATION_CONFIDENCE = 2.0
#: OSD runs on a copy at most this resolution (it needs shapes, not detail)
_OSD_DPI = 150
#: Tesseract binarisation: 0 global Otsu, 1 Leptonica adaptive Otsu, 2 Sauvola (local)
_THRESHOLDING = "2"
#: Tesseract gives up on a page after this long (pathological images can take minutes)
_TIMEOUT_S = 90.0
#: median word height (pixels) under which Tesseract gets a second look at twice the size
_SMALL_TEXT_PX = 14
#: a word read in a picture on a text-layer page (a logo, a letterhead) is kept from this confidence: pictures
#: that hold no text (a photo, a seal) read as a few unsure letters
_MIN_IMAGE_WORD_CONFIDENCE = 0.75
#: RapidOCR detects text in a picture of a born-digital page scaled to at most this many pixels on its longer side
_PICTURE_MAX_SIDE = 960
#: a line of at least this many characters whose box is less wide than this share of its height stands on end
_STANDING_CHARS = 4
_STANDING_RATIO = 0.6
#: background grain (see _denoise_if_grainy) from which orientation and skew are judged on a despeckled copy
_GRAIN = 4.0
#: the grain of a page printed or copied through a halftone screen (its paper a grid of dots): the tenth of its
#: background pixels farthest from their local median lie this far off at least (scanner grain: 9 at most)
_SCREEN = 20.0
#: a reading whose words average a lower confidence than this is read again with the print's dots joined (a
#: dot-matrix printer's or a fax's type, which OCR reads as scattered marks), and the better reading kept
_DOTTED_BELOW = 0.8

_local = threading.local()


@dataclass
class OcrPage:
    """What OCR made of one page image. Word boxes are in the pixels of ``image``: the page as OCR saw it,
    turned upright and deskewed."""

    image: Image.Image
    units: list[LineUnit]
    source: TextSource
    rotation: int = 0
    skew: float = 0.0
    confidence: float | None = None


#: the languages ``auto`` reads, English first, each where its language data is installed
AUTO_LANGUAGES = ("eng", "deu", "fra", "spa", "ita", "nld", "pol", "por")


def _languages(value: str) -> str:
    return "+".join(part.strip() for part in value.replace(",", "+").split("+") if part.strip()) or "eng"


def _tessdata_candidates(settings: OCRSettings) -> list[str]:
    candidates: list[str] = []
    if settings.tessdata:
        candidates.append(settings.tessdata)
    elif os.environ.get("TESSDATA_PREFIX"):
        candidates.append(os.environ["TESSDATA_PREFIX"])
    return candidates + list(_TESSDATA_CANDIDATES)


def resolve_languages(settings: OCRSettings) -> str:
    """``settings.languages`` as Tesseract takes it; ``auto``: English plus each of :data:`AUTO_LANGUAGES`
    whose data sits next to English's (accented names and addresses read right in their own language)."""
    if _languages(settings.languages) != "auto":
        return _languages(settings.languages)
    for folder in _tessdata_candidates(settings):
        if (Path(folder) / "eng.traineddata").is_file():
            return "+".join(lang for lang in AUTO_LANGUAGES if (Path(folder) / f"{lang}.traineddata").is_file())
    return "eng"


def find_tessdata(settings: OCRSettings, languages: str | None = None) -> str:
    """The tessdata folder holding every language needed (``settings.tessdata``, ``$TESSDATA_PREFIX`` or a
    usual install path); :class:`ConfigError` naming the missing files otherwise."""
    langs = _languages(languages or resolve_languages(settings)).split("+")
    candidates = _tessdata_candidates(settings)
    for folder in candidates:
        if all((Path(folder) / f"{lang}.traineddata").is_file() for lang in langs):
            return folder
    where = settings.tessdata or ", ".join(candidates)
    raise ConfigError(
        f"Tesseract language data for {'+'.join(langs)} not found (looked in {where}); install "
        f"tesseract-ocr-{langs[0]} (apt) or set ocr.tessdata / TESSDATA_PREFIX"
    )


def _tesserocr() -> Any:
    try:
        import tesserocr
    except ImportError as exc:  # pragma: no cover - installed with the project
        raise ConfigError("tesserocr is not installed; it is needed to OCR image pages") from exc
    return tesserocr


def _tess_api(tessdata: str, lang: str, psm: int) -> Any:
    cache: dict[tuple[str, str, int], Any] = getattr(_local, "tess", None) or {}
    _local.tess = cache
    key = (tessdata, lang, psm)
    if key not in cache:
        tesserocr = _tesserocr()
        try:
            cache[key] = tesserocr.PyTessBaseAPI(path=tessdata, lang=lang, psm=psm)
        except RuntimeError as exc:
            raise ConfigError(f"Tesseract failed to start with languages {lang!r} from {tessdata}: {exc}") from exc
    return cache[key]


def detect_orientation(image: Image.Image, dpi: float, settings: OCRSettings) -> int:
    """Counter-clockwise degrees (0, 90, 180, 270) that turn ``image`` upright, by Tesseract OSD; 0 when OSD is
    unavailable or unsure."""
    try:
        tessdata = find_tessdata(settings, "osd")
    except ConfigError:
        if not getattr(_local, "warned_osd", False):
            logger.warning("osd.traineddata not found: page orientation is not checked (install tesseract-ocr-osd)")
            _local.warned_osd = True
        return 0
    tesserocr = _tesserocr()
    api = _tess_api(tessdata, "osd", int(tesserocr.PSM.OSD_ONLY))
    small = image.convert("L")
    if dpi > _OSD_DPI:
        scale = _OSD_DPI / dpi
        small = small.resize((max(1, int(small.width * scale)), max(1, int(small.height * scale))),
                             Image.Resampling.BILINEAR)
    api.SetImage(small)
    api.SetSourceResolution(int(min(dpi, _OSD_DPI)))
    try:
        result = api.DetectOrientationScript()
    except RuntimeError:
        result = None
    finally:
        api.Clear()
    if not result:
        return 0
    degrees = int(result.get("orient_deg", 0)) % 360
    confidence = float(result.get("orient_conf", 0.0))
    if degrees and confidence >= _MIN_ORIENTATION_CONFIDENCE:
        logger.debug("OSD: page turned by %d° (confidence %.1f)", degrees, confidence)
        return degrees
    return 0


class Recognizer(abc.ABC):
    """An OCR engine: line units of words (pixel boxes, confidence 0..1) from an upright page image."""

    source: TextSource

    @abc.abstractmethod
    def recognize(self, image: Image.Image, dpi: float) -> list[LineUnit]:
        """Words of ``image`` grouped in the engine's own lines."""

    def read_line(self, image: Image.Image, dpi: float) -> tuple[str, float]:
        """The text of ``image``, a crop holding one short line, and the engine's confidence in it (0..1); ``""``
        where it reads nothing. By default the words :meth:`recognize` finds, joined."""
        words = [w for u in self.recognize(image, dpi) for w in u.words]
        return " ".join(w.text for w in words), min((w.confidence for w in words), default=0.0)


class TesseractRecognizer(Recognizer):
    """Tesseract 5 through tesserocr: automatic page segmentation, LSTM, Sauvola binarisation.

    Sauvola (local) thresholding keeps light text (grey footers, coloured headings) that a global Otsu
    threshold loses, and on grainy scans it avoids the speck storm that made Tesseract take minutes per page
    (recall on ordinary scans is the same). Text too small for Tesseract (words under ~14 px high) gets a
    second pass at twice the size, kept when it reads better. Images are not denoised for recognition: a
    median filter cost 5–20 points of word recall on blurred 150-DPI scans.
    """

    source = TextSource.TESSERACT

    def __init__(self, settings: OCRSettings) -> None:
        self.languages = resolve_languages(settings)
        self.tessdata = find_tessdata(settings, self.languages)

    def _api(self) -> Any:
        tesserocr = _tesserocr()
        api = _tess_api(self.tessdata, self.languages, int(tesserocr.PSM.AUTO))
        api.SetVariable("thresholding_method", _THRESHOLDING)
        return api

    def _pass(self, image: Image.Image, dpi: float) -> list[LineUnit]:
        tesserocr = _tesserocr()
        api = self._api()
        level = tesserocr.RIL.WORD
        api.SetImage(image)
        api.SetSourceResolution(max(70, int(dpi)))
        units: list[LineUnit] = []
        try:
            if not api.Recognize(timeout=int(_TIMEOUT_S * 1000)):
                raise OCRError(f"Tesseract did not finish the page within {_TIMEOUT_S:.0f} s")
            iterator = api.GetIterator()
            if iterator is None:
                return units
            for word in tesserocr.iterate_level(iterator, level):
                try:
                    text = word.GetUTF8Text(level)
                except RuntimeError:  # "No text returned": an empty page or region
                    continue
                box = word.BoundingBox(level)
                if not text or not text.strip() or box is None:
                    continue
                confidence = max(0.0, min(1.0, word.Confidence(level) / 100.0))
                raw = RawWord(text.strip(), *map(float, box), confidence=confidence)
                if word.IsAtBeginningOf(tesserocr.RIL.TEXTLINE) or not units:
                    units.append(LineUnit([]))
                units[-1].words.append(raw)
        except RuntimeError as exc:
            raise OCRError(f"Tesseract failed on the page: {exc}") from exc
        finally:
            api.Clear()
        return [u for u in units if u.words]

    def read_line(self, image: Image.Image, dpi: float) -> tuple[str, float]:
        """One line of text, without page segmentation (Tesseract's single-line mode)."""
        tesserocr = _tesserocr()
        api = _tess_api(self.tessdata, self.languages, int(tesserocr.PSM.SINGLE_LINE))
        gray = image.convert("L")
        if gray.height < _SMALL_TEXT_PX * 2:  # Tesseract reads small text poorly: bring the crop up to size
            scale = _SMALL_TEXT_PX * 2 / gray.height
            gray = gray.resize((round(gray.width * scale), round(gray.height * scale)), Image.Resampling.LANCZOS)
        try:
            api.SetImage(gray)
            api.SetSourceResolution(max(70, int(dpi)))
            text = (api.GetUTF8Text() or "").strip()
            confidence = max(0.0, min(1.0, api.MeanTextConf() / 100.0))
        except RuntimeError as exc:
            raise OCRError(f"Tesseract failed on a crop: {exc}") from exc
        finally:
            api.Clear()
        return text, confidence if text else 0.0

    def recognize(self, image: Image.Image, dpi: float) -> list[LineUnit]:
        gray = image.convert("L")
        units = self._pass(gray, dpi)
        heights = [w.y1 - w.y0 for u in units for w in u.words]
        if not heights or float(np.median(heights)) >= _SMALL_TEXT_PX or _mean_conf(units) >= 0.9:
            return units
        big = gray.resize((gray.width * 2, gray.height * 2), Image.Resampling.LANCZOS)
        retry = self._pass(big, dpi * 2)
        if _mean_conf(retry) < _mean_conf(units) + 0.03:
            return units
        logger.debug("small text: the 2x pass reads better (%.2f > %.2f)", _mean_conf(retry), _mean_conf(units))
        return [
            LineUnit([RawWord(w.text, w.x0 / 2, w.y0 / 2, w.x1 / 2, w.y1 / 2, w.confidence) for w in u.words],
                     u.horizontal)
            for u in retry
        ]


def _mean_conf(units: list[LineUnit]) -> float:
    values = [w.confidence for u in units for w in u.words]
    return float(np.mean(values)) if values else 0.0


def _denoise_if_grainy(gray: Image.Image, grain: float) -> Image.Image:
    """A 3×3 median-filtered copy when the paper is grainy (scanner noise: ``grain``, the upper quartile of
    :func:`_grain`, from :data:`_GRAIN` on), else ``gray`` itself; used to judge orientation and skew, not for
    recognition. Clean renders and clean scans score ~0 (thin strokes of small text do not count: upper quartile),
    Gaussian noise of σ≈8 about 4."""
    if grain < _GRAIN:
        return gray
    logger.debug("grainy page (%.1f): median filter before OCR", grain)
    return gray.filter(ImageFilter.MedianFilter(3))


def _grain(gray: Image.Image) -> tuple[float, float]:
    """How far the background pixels of a central crop sit from their local (3×3) median: the upper quartile
    (scanner grain) and the top tenth (a halftone screen's dots); zeros where the crop has too little background to
    tell."""
    w, h = gray.size
    side = 800
    box = (max(0, (w - side) // 2), max(0, (h - side) // 2), min(w, (w + side) // 2), min(h, (h + side) // 2))
    crop = gray.crop(box)
    arr = np.asarray(crop, dtype=np.int16)
    med = np.asarray(crop.filter(ImageFilter.MedianFilter(3)), dtype=np.int16)
    background = med > 128
    if background.sum() < 1000:
        return 0.0, 0.0
    quartile, tenth = np.percentile(np.abs(arr - med)[background], [75, 90])
    return float(quartile), float(tenth)


class RapidOcrRecognizer(Recognizer):
    """RapidOCR 3.10 (PP-OCR models shipped in the wheel), angle classifier off (it flips lines)."""

    source = TextSource.RAPIDOCR

    def __init__(self, settings: OCRSettings, *, max_side: int | None = None) -> None:
        """``max_side``: detect text on the image scaled so that its longer side is at most this (for small
        pictures; by default the shorter side is brought to 736 pixels, which makes a wide logo huge and slow)."""
        try:
            from rapidocr import RapidOCR
        except ImportError as exc:  # pragma: no cover - installed with the project
            raise ConfigError(
                "rapidocr is not installed; install rapidocr==3.10.0 or use ocr.engine=tesseract"
            ) from exc
        params: dict[str, Any] = {"Global.use_cls": False, "Global.log_level": "critical"}
        if max_side is not None:
            params.update({"Det.limit_type": "max", "Det.limit_side_len": max_side})
        # the pipeline reads pages in parallel worker processes with one OCR thread each (OMP_THREAD_LIMIT=1):
        # two processes of two onnxruntime threads each on two cores read 40% slower than one thread each
        threads = os.environ.get("OMP_THREAD_LIMIT", "")
        if threads.isdigit() and int(threads) > 0:
            params["EngineConfig.onnxruntime.intra_op_num_threads"] = int(threads)
            params["EngineConfig.onnxruntime.inter_op_num_threads"] = 1
        self._engine = RapidOCR(params=params)

    def recognize(self, image: Image.Image, dpi: float) -> list[LineUnit]:
        arr = np.asarray(image.convert("RGB"))
        try:
            # every call names its steps: RapidOCR keeps the last call's as its own (read_line turns detection off)
            result = self._engine(arr, use_det=True, use_cls=False, use_rec=True, return_word_box=True)
        except Exception as exc:  # noqa: BLE001 - onnxruntime raises many kinds
            raise OCRError(f"RapidOCR failed on the page: {exc}") from exc
        boxes = getattr(result, "boxes", None)
        if boxes is None or len(boxes) == 0:
            return []
        word_results = getattr(result, "word_results", None) or ()
        units: list[LineUnit] = []
        for i, (quad, text, score) in enumerate(zip(boxes, result.txts, result.scores, strict=False)):
            quad = np.asarray(quad, dtype=np.float64)
            dx, dy = quad[1] - quad[0]
            # a line read across a tall box is text running down the page: RapidOCR turns such a crop before it
            # reads it, so a page fed sideways reads as well as upright, in boxes that stand on end
            along, across = np.hypot(dx, dy), np.hypot(*(quad[3] - quad[0]))
            standing = len(str(text).strip()) >= _STANDING_CHARS and along < _STANDING_RATIO * across
            horizontal = dx > 0 and abs(dy) <= 0.5 * abs(dx) and not standing
            words: list[RawWord] = []
            for entry in word_results[i] if i < len(word_results) else ():
                w_text, w_score, w_quad = entry[0], entry[1], np.asarray(entry[2], dtype=np.float64)
                if str(w_text).strip():
                    words.append(RawWord(str(w_text).strip(), *w_quad.min(0), *w_quad.max(0), float(w_score)))
            if not words:
                words = _split_line(str(text), quad, float(score))
            units.append(LineUnit(words, horizontal=horizontal, text=str(text)))
        return units

    def read_line(self, image: Image.Image, dpi: float) -> tuple[str, float]:
        """One line of text, by the recognition model alone (no text detection)."""
        try:
            result = self._engine(np.asarray(image.convert("RGB")), use_det=False, use_cls=False, use_rec=True,
                                  return_word_box=False)
        except Exception as exc:  # noqa: BLE001 - onnxruntime raises many kinds
            raise OCRError(f"RapidOCR failed on a crop: {exc}") from exc
        texts, scores = getattr(result, "txts", None) or (), getattr(result, "scores", None) or ()
        text = " ".join(str(t).strip() for t in texts if str(t).strip())
        return text, float(min(scores)) if text and scores else 0.0


def _as_line_words(text: str | None, pieces: list[RawWord]) -> list[RawWord]:
    """The words of a line as its text spaces them: RapidOCR's word boxes cut some words between two letters
    where the text has no space ("Simões" → "Sim" "ões", "Dumont" → "Dum" "ont", after a wide M or W or an
    accented letter); such pieces are joined. A cut beside a digit or a sign stays (figures are put together
    later, by their own rules), and pieces that do not spell the text (or a line without one) are left as they
    are."""
    if text is None:
        return pieces
    tokens = text.split()
    out: list[RawWord] = []
    t = pos = 0  # the token being spelt, and how much of it the pieces so far spell
    for piece in pieces:
        if t >= len(tokens) or not tokens[t].startswith(piece.text, pos):
            return pieces
        if pos and tokens[t][pos - 1].isalpha() and piece.text[0].isalpha():
            last = out[-1]
            out[-1] = replace(last, text=last.text + piece.text, x0=min(last.x0, piece.x0), y0=min(last.y0, piece.y0),
                              x1=max(last.x1, piece.x1), y1=max(last.y1, piece.y1),
                              confidence=min(last.confidence, piece.confidence))
        else:
            out.append(piece)
        pos += len(piece.text)
        if pos == len(tokens[t]):
            t, pos = t + 1, 0
    return out if t == len(tokens) else pieces


def _split_line(text: str, quad: np.ndarray, score: float) -> list[RawWord]:
    """Words of a line without word boxes: the line box shared out by character count."""
    x0, y0 = quad.min(0)
    x1, y1 = quad.max(0)
    parts = text.split()
    total = sum(len(p) for p in parts) + max(0, len(parts) - 1)
    if not parts or total == 0:
        return []
    step = (x1 - x0) / total
    words, pos = [], 0
    for part in parts:
        words.append(RawWord(part, x0 + pos * step, y0, x0 + (pos + len(part)) * step, y1, score))
        pos += len(part) + 1
    return words


def get_recognizer(settings: OCRSettings, *, pictures: bool = False) -> Recognizer:
    """This thread's recognizer for ``settings.engine``: ``auto`` is RapidOCR (Tesseract where rapidocr is not
    installed), ``rapidocr`` and ``tesseract`` name one. With ``pictures``, the one for small pictures on
    born-digital pages (RapidOCR detecting at :data:`_PICTURE_MAX_SIDE` pixels at most)."""
    key = (settings.engine, settings.languages, settings.tessdata, pictures)
    cache: dict[tuple[Any, ...], Recognizer] = getattr(_local, "recognizers", None) or {}
    _local.recognizers = cache
    if key not in cache:
        if settings.engine == "rapidocr" or (settings.engine == "auto" and _rapidocr_installed()):
            cache[key] = RapidOcrRecognizer(settings, max_side=_PICTURE_MAX_SIDE if pictures else None)
        else:
            cache[key] = TesseractRecognizer(settings)
    return cache[key]


def _read_upright(recognizer: Recognizer, image: Image.Image, reading: Image.Image, probe: Image.Image,
                  rotation: int, dpi: float, settings: OCRSettings
                  ) -> tuple[Image.Image, float, list[LineUnit], Image.Image]:
    """The page turned by ``rotation`` and deskewed, its skew, its line units without garbage words, and the copy
    they were read on (``reading``, turned and deskewed alike: the page without its stamps)."""
    stamped = reading is not image
    if rotation:
        image = image.rotate(rotation, expand=True)
        probe = probe.rotate(rotation, expand=True)
        reading = reading.rotate(rotation, expand=True) if stamped else image
    skew = estimate_skew(probe) if settings.deskew else 0.0
    if abs(skew) >= 0.1:
        image = rotate(image, skew)
        reading = rotate(reading, skew) if stamped else image
    else:
        skew = 0.0
    kept: list[LineUnit] = []
    for unit in _recognize(recognizer, reading, dpi):
        words = [w for w in unit.words if not is_garbage(w.text, w.confidence)]
        if words:
            kept.append(LineUnit(words, unit.horizontal, unit.text))
    return image, skew, kept, reading


def _recognize(recognizer: Recognizer, image: Image.Image, dpi: float) -> list[LineUnit]:
    """The page's line units; a comb field's value is read without its cell borders, its characters set side by
    side (:mod:`pipeline.combs`), in place of what OCR read over the comb (the page image keeps the cells)."""
    combs = find_combs(image, dpi)
    if not combs:
        return recognizer.recognize(image, dpi)
    erased = erase_comb_cells(image, dpi, combs)

    def over_comb(w: RawWord) -> bool:
        cx, cy = (w.x0 + w.x1) / 2, (w.y0 + w.y1) / 2
        return any(c.x0 <= cx <= c.x1 and c.y0 <= cy <= c.y1 for c in combs)

    units = []
    for unit in recognizer.recognize(erased, dpi):
        words = [w for w in unit.words if not over_comb(w)]
        if words:
            units.append(LineUnit(words, unit.horizontal, unit.text if len(words) == len(unit.words) else None))
    return units + read_combs(erased, combs, dpi, recognizer.recognize)


def _garbled(units: list[LineUnit]) -> bool:
    """Whether a page's reading looks like text seen at the wrong angle: most words in vertical lines, or words
    of under three characters at a mean confidence under 0.85 (a turned page reads as scattered, unsure letters;
    an upright poor scan still reads as words)."""
    words = [w for u in units for w in u.words]
    if not words:
        return False
    vertical = sum(len(u.words) for u in units if not u.horizontal)
    short = sum(len(w.text) for w in words) / len(words) < 3
    unsure = sum(w.confidence for w in words) / len(words) < 0.85
    return vertical > 0.5 * len(words) or (short and unsure)


def _join_dots(image: Image.Image, dpi: float) -> Image.Image:
    """A copy of a page whose type is printed in dots (a dot-matrix printer, a thermal printer's worn head, a
    fax) with the dots joined into strokes: the ink spread by a pixel or two, as many as a dot's gap takes at the
    page's resolution."""
    size = max(3, 2 * round(dpi / 300) + 1)
    return (image if image.mode in ("L", "RGB") else image.convert("RGB")).filter(ImageFilter.MinFilter(size))


def _text_mass(units: list[LineUnit]) -> float:
    """Characters recognised, each weighted by its word's confidence: upside-down text reads as few, unsure ones."""
    return sum(w.confidence * len(w.text) for u in units for w in u.words)


def _rapidocr_installed() -> bool:
    import importlib.util

    if importlib.util.find_spec("rapidocr") is not None:
        return True
    logger.warning("rapidocr is not installed: scans are read with Tesseract (less accurate on poor scans)")
    return False


def ocr_page(image: Image.Image, dpi: float, settings: OCRSettings) -> OcrPage:
    """OCR one page image: flatten a photographed sheet (``settings.flatten``), turn it upright, deskew it
    (``settings.deskew``), recognise, drop garbage words.

    Tesseract's orientation guess is checked, not trusted: where it says the page is turned, the page is read
    both as it is and turned, and the reading with more confidently recognised text wins (OSD is often unsure on
    sparse pages such as till receipts, and turning an upright page ruins it). Where the reading still looks like
    text seen at the wrong angle (:func:`_garbled`), the other three turns are read too and the best reading
    kept; where its words are unsure, the page is read again with its print's dots joined (:func:`_join_dots`), and
    a page under a halftone screen (:data:`_SCREEN`) again through a 3×3 median filter, the better reading kept."""
    started = time.perf_counter()
    recognizer = get_recognizer(settings)
    if settings.flatten:
        image, _ = flatten_page(image)
    # orientation and skew are judged on a despeckled copy: grain hides the text lines from both
    gray = image.convert("L")
    grain, screen = _grain(gray)
    probe = _denoise_if_grainy(gray, grain)
    # the copy OCR reads: without the red ink stamped across the print (:mod:`pipeline.stamps`), found once
    clean = drop_stamps(image, dpi) or image
    readings: dict[int, tuple[Image.Image, float, list[LineUnit], Image.Image]] = {}

    def best(turns: list[int]) -> int:
        """The turn (of those given) whose reading holds the most confidently recognised text across the page (text
        running down it, which RapidOCR reads as well, counts for nothing); each read once."""
        for turn in turns:
            if turn not in readings:
                readings[turn] = _read_upright(recognizer, image, clean, probe, turn, dpi, settings)
        return max(turns, key=lambda t: _text_mass([u for u in readings[t][2] if u.horizontal]))

    guess = detect_orientation(probe, dpi, settings)
    rotation = best([0, guess] if guess else [0])
    if guess and rotation != guess:
        logger.debug("OSD said %d°, but the page reads better as it is", guess)
    if _garbled(readings[rotation][2]):  # short, unsure words or vertical lines: OSD missed a turn
        rotation = best([rotation, *((rotation + t) % 360 for t in (90, 180, 270))])
        logger.debug("garbled reading: the page reads best turned by %d°", rotation)
    if readings[rotation][2] and _mean_conf(readings[rotation][2]) < _DOTTED_BELOW:  # (a blank page: none)
        joined = _read_upright(recognizer, image, _join_dots(clean, dpi), probe, rotation, dpi, settings)
        if _text_mass(joined[2]) > _text_mass(readings[rotation][2]):
            logger.debug("unsure reading: the page reads better with its print's dots joined")
            readings[rotation] = joined
    if screen >= _SCREEN:  # a halftone screen's dots over the print: read through a filter
        screened = _read_upright(recognizer, image, clean.filter(ImageFilter.MedianFilter(3)), probe, rotation,
                                 dpi, settings)
        if _text_mass(screened[2]) > _text_mass(readings[rotation][2]):
            logger.debug("screened page: it reads better through a median filter")
            readings[rotation] = screened
    page_image, skew, kept, reading = readings[rotation]
    # words joined as the line's text spells them only now: the turn is judged on the word boxes as they come
    kept = [LineUnit(_as_line_words(u.text, u.words), u.horizontal) for u in kept]
    if settings.drop_faint:  # the back of the sheet showing through: no words of this page
        kept = drop_faint_words(reading, kept)
    if settings.split_words:  # on the copy read: a stamp's ink in a gap is no letter
        kept = split_glued_words(reading, kept, dpi, recognizer.read_line)
    confidences = [w.confidence for u in kept for w in u.words]
    if settings.check_boxes:
        kept = mark_bracketed_boxes(page_image, add_check_boxes(page_image, kept))
    if settings.lone_figures:  # after the boxes, whose words cover them; on the copy read, without stamps
        kept = add_lone_figures(reading, kept, dpi, recognizer.read_line)
    if settings.signatures:  # on the copy read: a stamp's frame between the words is no pen stroke
        kept = add_circled_marks(add_ink_signatures(reading, kept))  # a ring round "No" is its answer
    if settings.check_boxes:  # ... and so is a frame, whose sides the signature finder takes for rules
        kept = add_grid_ticks(reading, add_framed_answers(reading, kept))
    page = OcrPage(
        image=page_image, units=kept, source=recognizer.source, rotation=rotation, skew=skew,
        confidence=float(np.mean(confidences)) if confidences else None,
    )
    logger.debug(
        "OCR (%s): %d words, rotation %d°, skew %.2f°, %.2f s",
        page.source.value, len(confidences), rotation, skew, time.perf_counter() - started,
    )
    return page


def read_image_text(image: Image.Image, dpi: float, settings: OCRSettings) -> list[LineUnit]:
    """Text in a picture on a born-digital page (a logo, a letterhead, a footer set as an image), in the
    picture's pixels, read by the engine ``settings.engine`` names without turning or deskewing (RapidOCR
    detects on the picture at :data:`_PICTURE_MAX_SIDE` pixels at most: in a few hundredths of a second for a
    logo). Only words of :data:`_MIN_IMAGE_WORD_CONFIDENCE` or more are kept, and only lines with a letter or
    digit; a single letter set apart before or after the words of its line is a symbol of the logo (a disc
    read as ``O``) and is dropped."""
    recognizer = get_recognizer(settings, pictures=True)
    kept: list[LineUnit] = []
    for unit in recognizer.recognize(image, dpi):
        words = [w for w in _as_line_words(unit.text, unit.words) if w.confidence >= _MIN_IMAGE_WORD_CONFIDENCE
                 and not is_garbage(w.text, w.confidence)]
        while len(words) >= 2 and _set_apart(words[0], words[1]):
            words = words[1:]
        while len(words) >= 2 and _set_apart(words[-1], words[-2]):
            words = words[:-1]
        if any(ch.isalnum() for w in words for ch in w.text):
            kept.append(LineUnit(words, unit.horizontal))
    return kept


def _set_apart(letter: RawWord, neighbour: RawWord) -> bool:
    """A one-character word that is a logo's symbol, not a word of the name: a sign other than ``&`` or ``+``
    (a disc read as ``@``), or a letter further from its neighbour than it is tall (a disc read as ``O``)."""
    gap = neighbour.x0 - letter.x1 if neighbour.x0 >= letter.x1 else letter.x0 - neighbour.x1
    return len(letter.text) == 1 and ((not letter.text.isalnum() and letter.text not in "&+")
                                      or gap > letter.y1 - letter.y0)
