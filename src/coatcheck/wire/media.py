"""Files inside a request: base64 sources, ``data:`` URLs and Anthropic PDF documents, decoded and masked, or
refused, by the policy's ``[media]`` section (:class:`coatcheck.policy.MediaSettings`).

What a file is comes from its bytes first and its label second: a PDF or a text file labelled ``image/png`` is
a PDF or a text file. Text (``data:text/*``, JSON, a ``.env`` sent as ``application/octet-stream``) is decoded
by its declared charset or byte-order mark, masked as one string and encoded back the same way. A PDF becomes
its extracted, masked text where the API has a shape for that (an Anthropic document block's ``text`` source);
elsewhere it is refused. Images and audio go as they are unless the policy refuses them (pixels and sound cannot
be masked). Anything else is refused. Errors name the block and the kind of file, never a value.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import functools
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_from_bytes, unquote_to_bytes

from ..errors import CoatcheckError
from ..policy import MediaSettings

# data:[<type>/<subtype>][;param=value]*[;base64],<payload> — no spaces before the comma, so prose that starts
# with "data: " is prose.
DATA_URL = re.compile(r"data:(?P<type>[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+)?(?P<params>(?:;[A-Za-z0-9!#$&^_.+-]+=[^;,\s]*)*)"
                      r"(?P<b64>;base64)?,", re.IGNORECASE)
MEDIA_TYPE_KEYS = ("media_type", "mime_type", "mimeType", "mimetype", "content_type", "contentType")
# block types of media sources: the block that holds them names the file in an error
_SOURCE_TYPES = frozenset({"base64", "url", "file", "text", "content"})
_TEXT_APPLICATION = re.compile(r"application/(?:[\w.+-]*\+)?(?:json|jsonl|x-ndjson|xml|yaml|x-yaml|toml|javascript|"
                               r"x-javascript|ecmascript|x-sh|x-shellscript|x-python|sql|csv|x-www-form-urlencoded|"
                               r"graphql|ld\+json|x-httpd-php|rtf)$")
_IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"BM", b"II*\x00", b"MM\x00*")
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
         (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
_BINARY = re.compile(r"[\x01-\x08\x0e-\x1a\x1c-\x1f\x7f]")
MAX_PDF_PAGES = 2000


class MediaRefused(CoatcheckError):
    """A file in a request that the policy refuses or coatcheck cannot mask; the request is not forwarded."""


def _label(media_type: str | None) -> str:
    """A media type fit for an error message (a client-chosen string: only its well-formed shape is shown)."""
    if media_type and re.fullmatch(r"[a-z0-9.+-]{1,40}/[a-z0-9.+-]{1,60}", media_type.lower()):
        return media_type.lower()
    return "unlabelled"


def is_data_url(value: str) -> bool:
    """True when ``value`` is a ``data:`` URL (RFC 2397 shape, no spaces before the payload)."""
    return value[:5].lower() == "data:" and DATA_URL.match(value) is not None


def media_type_of(node: dict) -> str | None:
    """The media type a source dict declares beside its ``data`` (any of the APIs' spellings)."""
    for key in MEDIA_TYPE_KEYS:
        if isinstance(node.get(key), str):
            return str(node[key])
    if isinstance(node.get("format"), str):  # OpenAI input_audio: {"data", "format": "wav"}
        return "audio/" + str(node["format"])
    return None


def _sniff(data: bytes) -> str | None:
    """What the bytes are, from their first bytes: "pdf", "image", or None (unknown)."""
    if b"%PDF-" in data[:1024]:  # readers accept a PDF header anywhere in the first kilobyte
        return "pdf"
    if data.startswith(_IMAGE_MAGIC) or (data[:4] == b"RIFF" and data[8:12] == b"WEBP") or data[4:12] in (
            b"ftypavif", b"ftypheic", b"ftypheix", b"ftypmif1"):
        return "image"
    return None


def _decode_text(data: bytes, charset: str | None) -> tuple[str, str, bytes] | None:
    """``(text, codec, bom)`` when ``data`` is text in its byte-order mark's encoding, its declared ``charset``, or
    UTF-8; None when it is not text (or the charset is not a text encoding)."""
    codec, bom = None, b""
    for mark, name in _BOMS:
        if data.startswith(mark):
            codec, bom = name, mark
            break
    if codec is None:
        codec = charset or "utf-8"
    try:
        if not codecs.lookup(codec)._is_text_encoding:  # base64, rot13 …: not a charset
            return None
        text = data[len(bom):].decode(codec, "strict")
    except (LookupError, UnicodeDecodeError, ValueError):
        return None
    if _BINARY.search(text):
        return None
    return text, codec, bom


def _charset(params: str) -> str | None:
    for part in params.split(";"):
        name, _, value = part.partition("=")
        if name.strip().lower() == "charset" and value:
            return value.strip().strip('"')
    return None


@functools.lru_cache(maxsize=32)  # clients resend every document with the whole history, every turn
def pdf_text(data: bytes, where: str) -> str:
    """The text of a PDF, page by page (blank line between pages). MediaRefused when it cannot be read (encrypted,
    malformed, too many pages): what cannot be read cannot be masked."""
    try:
        from pypdf import PdfReader
    except ImportError:
        raise MediaRefused(f"a PDF in '{where}' needs pypdf to be masked (pip install pypdf); not forwarded") from None
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not reader.decrypt(""):
            raise MediaRefused(f"the PDF in '{where}' is encrypted and cannot be masked; not forwarded")
        if len(reader.pages) > MAX_PDF_PAGES:
            raise MediaRefused(f"the PDF in '{where}' has over {MAX_PDF_PAGES} pages; not forwarded")
        return "\n\n".join(page.extract_text() or "" for page in reader.pages)
    except MediaRefused:
        raise
    except Exception:  # pypdf's errors vary by file and version: fail closed
        raise MediaRefused(f"the PDF in '{where}' could not be read to mask it; not forwarded") from None


@dataclass(frozen=True)
class Media:
    """The media rules for one walk: the policy's settings and the leaf masking function."""

    settings: MediaSettings
    mask: Callable[[str], str]

    def _kind(self, declared: str | None, data: bytes, where: str) -> str:
        sniffed = _sniff(data)
        low = (declared or "").split(";", 1)[0].strip().lower()
        if sniffed is not None:
            if sniffed == "image" and low and not low.startswith("image/"):
                raise MediaRefused(f"the file in '{where}' is an image labelled {_label(low)}; not forwarded")
            return sniffed
        if low.startswith("image/"):
            raise MediaRefused(f"the file in '{where}' is labelled {_label(low)} but is not an image coatcheck "
                               "recognises; not forwarded")
        if low.startswith("audio/") and _decode_text(data, None) is None:
            return "audio"
        if low.startswith("text/") or _TEXT_APPLICATION.match(low) or low == "":
            return "text"
        return "text" if _decode_text(data, None) is not None else "other"

    def _text(self, data: bytes, charset: str | None, where: str, label: str) -> bytes | None:
        """The masked bytes of a text file (None: nothing to mask, send it as it came)."""
        if self.settings.text == "refuse":
            raise MediaRefused(f"a {label} file in '{where}' is refused by the policy ([media] text = \"refuse\")")
        decoded = _decode_text(data, charset)
        if decoded is None:
            raise MediaRefused(f"the {label} file in '{where}' is not text in its declared charset; not forwarded")
        text, codec, bom = decoded
        masked = self.mask(text)
        if masked == text:
            return None
        return bom + masked.encode(codec)

    def _bytes(self, declared: str | None, charset: str | None, data: bytes, where: str) -> bytes | None:
        """New bytes for a file (None: unchanged). Refuses what the policy or coatcheck cannot send."""
        kind = self._kind(declared, data, where)
        label = _label(declared)
        if kind == "text":
            return self._text(data, charset, where, label)
        if kind == "image":
            if self.settings.images == "refuse":
                raise MediaRefused(f"an image in '{where}' is refused by the policy ([media] images = \"refuse\")")
            return None
        if kind == "audio":
            if self.settings.audio == "refuse":
                raise MediaRefused(f"audio in '{where}' is refused by the policy ([media] audio = \"refuse\")")
            return None
        if kind == "pdf":
            if self.settings.pdf == "refuse":
                raise MediaRefused(f"a PDF in '{where}' is refused by the policy ([media] pdf = \"refuse\")")
            raise MediaRefused(f"a PDF in '{where}' cannot be masked in place: coatcheck sends a PDF as its masked "
                               "text only in an Anthropic document block; send the text instead")
        raise MediaRefused(f"a {label} file in '{where}' cannot be masked; not forwarded")

    def data_url(self, url: str, where: str) -> str:
        """A ``data:`` URL with its payload masked (the same URL when nothing needed masking)."""
        m = DATA_URL.match(url)
        if m is None:
            raise MediaRefused(f"the data: URL in '{where}' is malformed; not forwarded")
        payload = url[m.end():]
        try:
            data = base64.b64decode(payload, validate=True) if m.group("b64") else unquote_to_bytes(payload)
        except (binascii.Error, ValueError):
            raise MediaRefused(f"the data: URL in '{where}' is not valid base64; not forwarded") from None
        new = self._bytes(m.group("type"), _charset(m.group("params") or ""), data, where)
        if new is None:
            return url
        body = base64.b64encode(new).decode("ascii") if m.group("b64") else quote_from_bytes(new, safe="")
        return url[: m.end()] + body

    def base64_data(self, node: dict, key: Any, where: str) -> str:
        """A base64 payload (``node[key]``) masked, by the media type declared beside it."""
        value = node[key]
        try:
            data = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise MediaRefused(f"the base64 data in '{where}' is not valid base64; not forwarded") from None
        declared = media_type_of(node)
        new = self._bytes(declared, _charset(declared.partition(";")[2]) if declared else None, data, where)
        return value if new is None else base64.b64encode(new).decode("ascii")


def where_of(types: tuple[str, ...], key: Any) -> str:
    """The block a file sits in, for errors: the innermost block type that is not a source type, else the key."""
    for t in reversed(types):
        if t not in _SOURCE_TYPES:
            return t
    return types[-1] if types else str(key)


def documents_as_text(node: Any, settings: MediaSettings, depth: int = 0) -> None:
    """Anthropic document blocks whose base64 source is a PDF get a ``text`` source with the PDF's text instead
    (``[media] pdf = "text"``), in place, anywhere in ``node`` (tool results carry documents too). The walk that
    follows masks that text like any other; PDFs anywhere else are refused by the walk."""
    if depth > 100 or settings.pdf != "text":
        return
    if isinstance(node, list):
        for item in node:
            documents_as_text(item, settings, depth + 1)
        return
    if not isinstance(node, dict):
        return
    src = node.get("source")
    if node.get("type") == "document" and isinstance(src, dict) and src.get("type") == "base64" and isinstance(src.get("data"), str):
        try:
            data = base64.b64decode(src["data"], validate=True)
        except (binascii.Error, ValueError):
            raise MediaRefused("the base64 data in 'document' is not valid base64; not forwarded") from None
        if _sniff(data) == "pdf":
            node["source"] = {"type": "text", "media_type": "text/plain", "data": pdf_text(data, "document")}
        return
    for value in node.values():
        if isinstance(value, (dict, list)):
            documents_as_text(value, settings, depth + 1)
