"""Documents as files: the text of a ``.txt``, ``.md``, ``.docx`` or ``.pdf`` file, for ``coatcheck mask`` and
``coatcheck batch``. Word files are read with python-docx (``pip install 'coatcheck[docs]'``), PDF files with pypdf.
The masked result is text: a Word or PDF file's layout is not rebuilt."""

from __future__ import annotations

from pathlib import Path

from .errors import InputError

TEXT_SUFFIXES = (".txt", ".md")
RICH_SUFFIXES = (".docx", ".pdf")
DOCUMENT_SUFFIXES = TEXT_SUFFIXES + RICH_SUFFIXES


def is_rich_document(path: Path | str) -> bool:
    """A Word or PDF file: its text is extracted before masking."""
    return Path(path).suffix.lower() in RICH_SUFFIXES


def read_document(path: Path | str) -> str:
    """The text of ``path``: a text file as UTF-8, a Word file's paragraphs and table rows in document order (cells
    separated by tabs), a PDF's pages separated by a form feed. An unreadable file is an :class:`InputError` that
    names the file and the reason, never its content."""
    path = Path(path)
    suffix = path.suffix.lower()
    try:
        if suffix == ".docx":
            return _docx_text(path)
        if suffix == ".pdf":
            return _pdf_text(path)
        return path.read_bytes().decode("utf-8")
    except InputError:
        raise
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None
    except Exception as exc:  # a damaged Word or PDF file: the library's error class, not its message (it may quote text)
        raise InputError(f"{path}: cannot read this {suffix[1:].upper()} file ({exc.__class__.__name__})") from None


def _docx_text(path: Path) -> str:
    try:
        import docx
        from docx.table import Table
        from docx.text.paragraph import Paragraph
    except ImportError:
        raise InputError(f"{path}: Word files need python-docx: pip install 'coatcheck[docs]'") from None
    document = docx.Document(str(path))
    lines: list[str] = []
    for block in document.iter_inner_content():
        if isinstance(block, Paragraph):
            lines.append(block.text)
        elif isinstance(block, Table):
            for row in block.rows:
                lines.append("\t".join(cell.text for cell in row.cells))
    for section in document.sections:  # letterheads and footers hold names and addresses too
        for part in (section.header, section.footer):
            if not part.is_linked_to_previous:
                lines.extend(p.text for p in part.paragraphs if p.text)
    return "\n".join(lines) + "\n"


def _pdf_text(path: Path) -> str:
    import logging

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.CRITICAL)  # its warnings ("EOF marker not found") are ours to word

    reader = PdfReader(str(path))
    if reader.is_encrypted:
        raise InputError(f"{path}: the PDF is encrypted")
    return "\f".join(page.extract_text() or "" for page in reader.pages)
