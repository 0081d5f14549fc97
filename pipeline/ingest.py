"""Ingest: find the input files, hash them and sniff their real type.

:func:`discover` walks an input folder (or takes a single file), follows symlinks without looping, skips what a
``.extractignore`` file in the root names (gitignore syntax) and reports every file it leaves out.
:func:`identify` turns one path into a :class:`~pipeline.models.SourceFile`: size limit first (nothing is read
from a file over the limit), then one streaming pass that computes the SHA-256 and keeps the head of the file
for sniffing. The type comes from magic bytes, never from the extension.
"""

from __future__ import annotations

import hashlib
import logging
import os
import stat
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path

import pathspec
from pydantic import BaseModel, Field

from pipeline.config import LimitSettings
from pipeline.errors import EmptyFileError, InputError, TooLargeError, UnsupportedTypeError
from pipeline.models import FileKind, SourceFile

__all__ = [
    "IGNORE_FILE",
    "Discovery",
    "SkipReason",
    "decode_text",
    "discover",
    "identify",
    "relative_source",
    "sniff_kind",
]

logger = logging.getLogger(__name__)

#: Name of the gitignore-style file, read from the input root only.
IGNORE_FILE = ".extractignore"

_SNIFF_BYTES = 64 * 1024
_CHUNK = 1024 * 1024

# Magic numbers of formats we read, and of common ones we do not (named in the error so a person knows why).
_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"
_TIFF = (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+")
_OTHER_FORMATS: tuple[tuple[bytes, str], ...] = (
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"BM", "a BMP image"),
    (b"PK\x03\x04", "a ZIP archive (or an Office document)"),
    (b"\xd0\xcf\x11\xe0", "a legacy Office document"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"Rar!", "a RAR archive"),
    (b"%!PS", "a PostScript file"),
    (b"\x00\x00\x00\x0cjP  ", "a JPEG 2000 image"),
    (b"{\\rtf", "an RTF document"),
)
_SUPPORTED = "PDF, PNG, JPEG, TIFF or plain text"


class SkipReason(StrEnum):
    """Why :func:`discover` left a path out (besides ``.extractignore``). Reasons that start with "cannot"
    may carry the system's message after a colon."""

    HIDDEN = "hidden"
    EXCLUDED = "excluded"
    BROKEN_LINK = "broken symlink"
    NOT_A_FILE = "not a regular file"
    LOOP = "folder already visited (symlink loop)"
    UNREADABLE = "cannot be read"


class Discovery(BaseModel):
    """What :func:`discover` found under an input root.

    ``files`` are the inputs to process, sorted by relative path. ``ignored`` lists relative POSIX paths that
    the root's ``.extractignore`` excluded; ``skipped`` maps other paths left out (hidden files, broken links,
    special files, link loops) to the reason. Nothing is left out silently.
    """

    root: Path
    files: list[Path] = Field(default_factory=list)
    ignored: list[str] = Field(default_factory=list)
    skipped: dict[str, str] = Field(default_factory=dict)


def relative_source(path: Path, root: Path) -> str:
    """``path`` relative to the input ``root`` with POSIX separators, the name exactly as on disk.

    When ``root`` is the file itself, the file name is returned. Symlinks are not resolved, so a linked file
    keeps the name it has inside the input folder.
    """
    path_abs = Path(os.path.abspath(path))
    root_abs = Path(os.path.abspath(root))
    if path_abs == root_abs:
        return path_abs.name
    try:
        return path_abs.relative_to(root_abs).as_posix()
    except ValueError:
        return path_abs.as_posix()


def _load_ignore(root: Path) -> pathspec.GitIgnoreSpec | None:
    ignore_file = root / IGNORE_FILE
    if not ignore_file.is_file():
        return None
    lines = ignore_file.read_text(encoding="utf-8", errors="replace").splitlines()
    return pathspec.GitIgnoreSpec.from_lines(lines)


def _resolved(path: Path) -> Path | None:
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):
        return None


def _is_within(path: Path, parents: Sequence[Path]) -> bool:
    return any(path == p or p in path.parents for p in parents)


def discover(root: Path, *, exclude: Sequence[Path] = ()) -> Discovery:
    """All regular files under ``root`` (recursively), or ``[root]`` when ``root`` is a file.

    Symlinks to files and folders are followed; a folder reached twice through links is walked once (no
    loops). Hidden entries (names starting with ``.``) are skipped and reported; so are broken links and
    special files. ``exclude`` names paths never to enter (e.g. the output folder inside the input folder).
    """
    root = Path(root)
    discovery = Discovery(root=root)
    if not root.exists():
        raise InputError(f"input path does not exist: {root}")
    if not root.is_dir():
        discovery.files = [root]
        return discovery

    excluded = [r for r in (_resolved(Path(e)) for e in exclude) if r is not None]
    spec = _load_ignore(root)
    visited: set[tuple[int, int]] = set()
    found: list[tuple[str, Path]] = []

    def walk(folder: Path) -> None:
        st = folder.stat()
        key = (st.st_dev, st.st_ino)
        if key in visited:
            discovery.skipped[relative_source(folder, root) + "/"] = SkipReason.LOOP.value
            return
        visited.add(key)
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            discovery.skipped[relative_source(folder, root) + "/"] = f"{SkipReason.UNREADABLE.value}: {exc.strerror}"
            return
        for entry in entries:
            path = Path(entry.path)
            rel = relative_source(path, root)
            if entry.name.startswith("."):
                if entry.name != IGNORE_FILE or folder != root:
                    discovery.skipped[rel] = SkipReason.HIDDEN.value
                continue
            target = _resolved(path)
            if target is None:
                discovery.skipped[rel] = (SkipReason.BROKEN_LINK if entry.is_symlink() else SkipReason.UNREADABLE).value
                continue
            if _is_within(target, excluded):
                discovery.skipped[rel] = SkipReason.EXCLUDED.value
                continue
            try:
                mode = target.stat().st_mode
            except OSError as exc:
                discovery.skipped[rel] = f"{SkipReason.UNREADABLE.value}: {exc.strerror}"
                continue
            if stat.S_ISDIR(mode):
                if spec is not None and spec.match_file(rel + "/"):
                    discovery.ignored.append(rel + "/")
                    continue
                walk(path)
            elif stat.S_ISREG(mode):
                if spec is not None and spec.match_file(rel):
                    discovery.ignored.append(rel)
                else:
                    found.append((rel, path))
            else:
                discovery.skipped[rel] = SkipReason.NOT_A_FILE.value

    walk(root)
    found.sort(key=lambda item: item[0])
    discovery.files = [path for _, path in found]
    discovery.ignored.sort()
    if discovery.ignored:
        logger.info("%d path(s) ignored by %s", len(discovery.ignored), IGNORE_FILE)
    for rel, reason in discovery.skipped.items():
        logger.debug("skipped %s: %s", rel, reason)
    return discovery


def decode_text(data: bytes) -> str | None:
    """The text of ``data`` if it reads as plain text (UTF-8, UTF-16 with BOM, else Windows-1252/Latin-1).

    Returns ``None`` for binary data. ``data`` may be the head of a longer file: a multi-byte character cut at
    the end is tolerated.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        # the head may end mid-character: decode leniently, a real UTF-16 text has no NULs once decoded
        text16 = data[: len(data) - len(data) % 2].decode("utf-16", errors="replace")
        return None if "\x00" in text16 else text16
    if b"\x00" in data:
        return None
    text: str | None = None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 3 and exc.reason == "unexpected end of data":
            text = data[: exc.start].decode("utf-8-sig", errors="replace")
        else:
            # UTF-8 with a few damaged bytes still reads as UTF-8: valid multi-byte characters far outnumber
            # the bad ones (a Windows-1252 text has almost no valid UTF-8 sequences)
            replaced = data.decode("utf-8-sig", errors="replace")
            bad = replaced.count("\ufffd")
            if sum(1 for ch in replaced if ord(ch) > 127) - bad >= 10 * bad:
                text = replaced
    if text is None:
        for encoding in ("cp1252", "latin-1"):
            try:
                text = data.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
    if text is None:
        return None
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\n\r\f\v")
    if controls > max(2, len(text) // 100):
        return None
    return text


def sniff_kind(head: bytes) -> FileKind:
    """The real type of a file from its first bytes.

    Raises :class:`UnsupportedTypeError` with what the bytes look like when it is none we read.
    """
    if b"%PDF-" in head[:1024]:
        return FileKind.PDF
    if head.startswith(_PNG):
        return FileKind.PNG
    if head.startswith(_JPEG):
        return FileKind.JPEG
    if head.startswith(_TIFF):
        return FileKind.TIFF
    for magic, name in _OTHER_FORMATS:
        if head.startswith(magic):
            raise UnsupportedTypeError(f"the file is {name}; supported inputs are {_SUPPORTED}")
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        raise UnsupportedTypeError(f"the file is a WebP image; supported inputs are {_SUPPORTED}")
    if head[4:12] in (b"ftypheic", b"ftypheix", b"ftypmif1", b"ftypavif"):
        raise UnsupportedTypeError(f"the file is a HEIC/AVIF image; supported inputs are {_SUPPORTED}")
    if decode_text(head) is not None:
        return FileKind.TEXT
    raise UnsupportedTypeError(f"the file's bytes are not a {_SUPPORTED} file")


def identify(path: Path, root: Path, limits: LimitSettings) -> SourceFile:
    """Size, SHA-256 and real type of one input file.

    The size limit is checked from the file system before any byte is read. Raises :class:`EmptyFileError`,
    :class:`TooLargeError`, :class:`UnsupportedTypeError`, or :class:`InputError` when the file cannot be read.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}") from exc
    if size == 0:
        raise EmptyFileError("the file is empty (0 bytes)")
    max_bytes = int(limits.max_file_mb * 1024 * 1024)
    if size > max_bytes:
        raise TooLargeError(
            f"the file is {size / 1024 / 1024:.1f} MB; the limit is {limits.max_file_mb:g} MB "
            "(limits.max_file_mb)"
        )
    digest = hashlib.sha256()
    head = b""
    try:
        with path.open("rb") as fh:
            while chunk := fh.read(_CHUNK):
                if len(head) < _SNIFF_BYTES:
                    head += chunk[: _SNIFF_BYTES - len(head)]
                digest.update(chunk)
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}") from exc
    kind = sniff_kind(head)
    if kind is FileKind.TEXT and size <= _SNIFF_BYTES and not (decode_text(head) or "").strip():
        raise EmptyFileError("the text file holds only white space")
    source = SourceFile(
        path=path, source=relative_source(path, root), size=size, sha256=digest.hexdigest(), kind=kind
    )
    suffix = path.suffix.lower().lstrip(".")
    if suffix and suffix not in _EXTENSIONS[kind]:
        logger.info("%s: extension .%s but the content is %s", source.source, suffix, kind.value)
    return source


_EXTENSIONS: dict[FileKind, set[str]] = {
    FileKind.PDF: {"pdf"},
    FileKind.PNG: {"png"},
    FileKind.JPEG: {"jpg", "jpeg", "jpe", "jfif"},
    FileKind.TIFF: {"tif", "tiff"},
    FileKind.TEXT: {"txt", "text", "csv", "tsv", "md", "eml"},
    FileKind.UNKNOWN: set(),
}
