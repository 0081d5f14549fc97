"""Discovery, hashing and type sniffing (no OCR)."""

from __future__ import annotations

import hashlib
import io
import os
import unicodedata
from pathlib import Path

import pytest
from PIL import Image

from pipeline.config import LimitSettings
from pipeline.errors import EmptyFileError, InputError, TooLargeError, UnsupportedTypeError
from pipeline.ingest import IGNORE_FILE, decode_text, discover, identify, relative_source, sniff_kind
from pipeline.models import FileKind
from tests import inputs_factory as F

LIMITS = LimitSettings()


def _png_bytes() -> bytes:
    buf = io.BytesIO()
    Image.new("L", (20, 10), 255).save(buf, "PNG")
    return buf.getvalue()


def _jpeg_bytes() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (20, 10), "white").save(buf, "JPEG")
    return buf.getvalue()


def _tiff_bytes() -> bytes:
    buf = io.BytesIO()
    Image.new("L", (20, 10), 255).save(buf, "TIFF")
    return buf.getvalue()


# --- sniffing ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "payload", "kind"),
    [
        ("invoice.png", F.invoice_pdf_doc().tobytes(), FileKind.PDF),  # a PDF named .png
        ("scan.pdf", _png_bytes(), FileKind.PNG),  # a PNG named .pdf
        ("photo.tif", _jpeg_bytes(), FileKind.JPEG),
        ("scan.jpg", _tiff_bytes(), FileKind.TIFF),
        ("notes.pdf", "Invoice 12\nTotal: 3,50 €\n".encode(), FileKind.TEXT),
        ("latin.txt", "Facture n° 7 — total 12,00 €".encode("cp1252"), FileKind.TEXT),
        ("noext", b"\xef\xbb\xbfBOM text\n", FileKind.TEXT),
    ],
)
def test_identify_sniffs_the_real_type_not_the_extension(tmp_path: Path, name: str, payload: bytes, kind: FileKind):
    path = tmp_path / name
    path.write_bytes(payload)
    source = identify(path, tmp_path, LIMITS)
    assert source.kind is kind
    assert source.size == len(payload)
    assert source.sha256 == hashlib.sha256(payload).hexdigest()
    assert source.source == name


def test_pdf_with_leading_junk_is_still_a_pdf():
    assert sniff_kind(b"\r\n\x00junk%PDF-1.4\n...") is FileKind.PDF


@pytest.mark.parametrize(
    ("payload", "mentions"),
    [
        (b"GIF89a\x01\x00\x01\x00", "GIF"),
        (b"PK\x03\x04\x14\x00\x06\x00", "ZIP"),
        (bytes(range(256)) * 4, "not a"),
    ],
)
def test_unsupported_types_say_what_they_are(tmp_path: Path, payload: bytes, mentions: str):
    path = tmp_path / "x.pdf"
    path.write_bytes(payload)
    with pytest.raises(UnsupportedTypeError) as err:
        identify(path, tmp_path, LIMITS)
    assert err.value.code == "input.unsupported_type"
    assert err.value.stage == "ingest"
    assert mentions in err.value.message


def test_empty_and_whitespace_files_are_empty(tmp_path: Path):
    (tmp_path / "a.pdf").write_bytes(b"")
    (tmp_path / "b.txt").write_text(" \n\t\n")
    for name in ("a.pdf", "b.txt"):
        with pytest.raises(EmptyFileError) as err:
            identify(tmp_path / name, tmp_path, LIMITS)
        assert err.value.code == "input.empty"


def test_too_large_is_checked_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "big.pdf"
    path.write_bytes(b"%PDF-1.7\n" + b"0" * 3000)

    def refuse(*_a, **_k):
        raise AssertionError("file was opened")

    monkeypatch.setattr(Path, "open", refuse)
    with pytest.raises(TooLargeError) as err:
        identify(path, tmp_path, LimitSettings(max_file_mb=0.001))
    assert err.value.code == "input.too_large"
    assert "MB" in err.value.message


def test_missing_file_is_an_input_error(tmp_path: Path):
    with pytest.raises(InputError):
        identify(tmp_path / "gone.pdf", tmp_path, LIMITS)


def test_decode_text_rejects_binary_and_tolerates_a_cut_character():
    assert decode_text(b"\x00\x01\x02binary") is None
    assert decode_text(b"caf\xe9 \x80 12") == "café € 12"  # not UTF-8: Windows-1252
    cut = "zażółć".encode()[:-1]  # the head of a file ends mid-character
    assert decode_text(cut) == "zażół"
    assert decode_text("Ünïcödé".encode("utf-16")) == "Ünïcödé"


# --- relative names ---------------------------------------------------------------------------------------


def test_relative_source_is_posix_and_keeps_the_exact_unicode_name(tmp_path: Path):
    nfd = unicodedata.normalize("NFD", "Rechnung Müller é.pdf")
    folder = tmp_path / "2024" / "März"
    folder.mkdir(parents=True)
    path = folder / nfd
    path.write_bytes(b"%PDF-1.4\n")
    rel = relative_source(path, tmp_path)
    assert rel == "2024/März/" + nfd
    assert rel.endswith(nfd) and not rel.endswith(unicodedata.normalize("NFC", nfd))
    assert relative_source(path, path) == nfd  # a single file as the root


# --- discovery --------------------------------------------------------------------------------------------


def _tree(root: Path) -> None:
    (root / "b").mkdir()
    (root / "a.pdf").write_bytes(b"%PDF-1.4\n")
    (root / "b" / "c.png").write_bytes(_png_bytes())
    (root / "b" / "c.json").write_text("{}")
    (root / "expected").mkdir()
    (root / "expected" / "a.json").write_text("{}")
    (root / "keep.json").write_text("{}")
    (root / ".DS_Store").write_bytes(b"\x00\x00")
    (root / "Faktura żółw.txt").write_text("Faktura 1")


def test_discover_sorted_recursive_with_extractignore(tmp_path: Path):
    _tree(tmp_path)
    (tmp_path / IGNORE_FILE).write_text("# expected values live beside the documents\nexpected/\n*.json\n!keep.json\n")
    found = discover(tmp_path)
    rels = [relative_source(p, tmp_path) for p in found.files]
    assert rels == ["Faktura żółw.txt", "a.pdf", "b/c.png", "keep.json"]
    assert found.ignored == ["b/c.json", "expected/"]
    assert found.skipped == {".DS_Store": "hidden"}  # the ignore file itself is neither a file nor skipped


def test_discover_without_ignore_file_takes_everything_visible(tmp_path: Path):
    _tree(tmp_path)
    found = discover(tmp_path)
    assert len(found.files) == 6
    assert found.ignored == []


def test_discover_excludes_the_output_folder(tmp_path: Path):
    _tree(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.jsonl").write_text("{}\n")
    found = discover(tmp_path, exclude=[out])
    assert all("out" not in p.parts for p in found.files)
    assert found.skipped["out"] == "excluded"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_discover_follows_links_without_looping(tmp_path: Path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "x.pdf").write_bytes(b"%PDF-1.4\n")
    os.symlink(tmp_path, tmp_path / "docs" / "loop")  # a cycle back to the root
    os.symlink(tmp_path / "docs" / "x.pdf", tmp_path / "alias.pdf")  # a link to a file
    os.symlink(tmp_path / "nowhere.pdf", tmp_path / "broken.pdf")
    found = discover(tmp_path)
    rels = [relative_source(p, tmp_path) for p in found.files]
    assert rels == ["alias.pdf", "docs/x.pdf"]
    assert found.skipped["broken.pdf"] == "broken symlink"
    assert "loop" in next(k for k in found.skipped if k.startswith("docs/loop"))


def test_discover_single_file_root(tmp_path: Path):
    path = tmp_path / "one.pdf"
    path.write_bytes(b"%PDF-1.4\n")
    found = discover(path)
    assert found.files == [path]


def test_discover_missing_root_fails(tmp_path: Path):
    with pytest.raises(InputError):
        discover(tmp_path / "nope")


def test_utf8_with_a_damaged_byte_stays_utf8():
    data = ("Rechnung für Müller, Größe XL, Straße 5 — Zürich, Köln, Düsseldorf, Nürnberg, Göttingen. " * 2).encode()
    damaged = data[:30] + b"\xff" + data[30:]
    text = decode_text(damaged)
    assert text is not None and "Müller" in text and "Größe" in text and "\ufffd" in text
