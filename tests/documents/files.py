"""Document files for the tests: a Word file with a header and a table, a PDF written by hand."""

from __future__ import annotations

from pathlib import Path

import docx

NAME, PHONE, EMAIL = "Giulia Ferraro", "+39 347 123 4567", "giulia.ferraro@studio-legale.it"


def make_docx(path: Path) -> Path:
    d = docx.Document()
    d.sections[0].header.paragraphs[0].text = f"Studio legale - {EMAIL}"
    d.add_paragraph(f"Il 3 marzo 2024 la sig.ra {NAME} ha firmato il contratto.")
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text = "Telefono", PHONE
    t.cell(1, 0).text, t.cell(1, 1).text = "Versione", "2.1"
    d.add_paragraph("Fine del documento.")
    d.save(str(path))
    return path


def make_pdf(path: Path, lines: list[str]) -> Path:
    """A one-page PDF whose text is ``lines`` (Helvetica, one line each), written by hand: offsets and all."""
    content = "BT /F1 11 Tf 50 780 Td 14 TL " + " ".join(f"({ln}) Tj T*" for ln in lines) + " ET"
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            f"<< /Length {len(content)} >>\nstream\n{content}\nendstream"]
    out, offsets = b"%PDF-1.4\n", []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n{o}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode() + "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(out)
    return path
