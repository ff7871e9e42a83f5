"""Reading input as text: binary detection, strict or lossless UTF-8, newline-aligned chunks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from .errors import InputError

CHUNK = 1 << 20
_PEM_BEGIN = b"-----BEGIN"
_PEM_END = b"-----END"
_MAX_HOLD = 8 << 20


def is_binary(head: bytes) -> bool:
    """A NUL byte in the first 8 KiB: treat as binary (what git and grep do)."""
    return b"\x00" in head[:8192]


def decode(data: bytes, *, lossless: bool, where: str = "input", base_offset: int = 0) -> str:
    """UTF-8 text. Strict mode names the byte offset of the first bad byte; lossless mode maps bad
    bytes to lone surrogates (``surrogateescape``) so they are written back unchanged."""
    if lossless:
        return data.decode("utf-8", "surrogateescape")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{where}: invalid UTF-8 at byte {base_offset + exc.start}; use --lossless to pass undecodable bytes through unchanged"
        ) from None


def encode(text: str, *, lossless: bool) -> bytes:
    return text.encode("utf-8", "surrogateescape" if lossless else "strict")


def _open_pem(buf: bytes) -> bool:
    last_begin = buf.rfind(_PEM_BEGIN)
    return last_begin >= 0 and buf.find(_PEM_END, last_begin) < 0


def iter_chunks(stream: BinaryIO, size: int = CHUNK) -> Iterator[bytes]:
    """Newline-aligned chunks of about ``size`` bytes, never splitting a line, a UTF-8 sequence or an
    open PEM block (up to 8 MiB), so detection on each chunk sees whole values."""
    pending = b""
    while True:
        block = stream.read(size)
        if not block:
            break
        pending += block
        cut = pending.rfind(b"\n")
        if cut < 0 or (_open_pem(pending[: cut + 1]) and len(pending) < _MAX_HOLD):
            if len(pending) < _MAX_HOLD:
                continue
            cut = len(pending) - 1
            while cut > 0 and (pending[cut + 1 : cut + 2] or b"\0")[0] & 0xC0 == 0x80:
                cut -= 1  # do not split a UTF-8 sequence
        yield pending[: cut + 1]
        pending = pending[cut + 1 :]
    if pending:
        yield pending
