"""Mask a corpus of JSONL, CSV and Parquet files on every local core, or on Ray (``coatcheck batch``).

Each input file becomes one output file of the same relative name, written to ``NAME.partial`` and renamed
when complete, so a crashed run leaves no file that looks finished and a rerun skips only finished files.
Placeholders come from the vault key: every worker and every run with the same key gives a value the same
placeholder, with no coordination. With ``vault_out`` each input also gets an encrypted vault shard
(``NAME.jsonl.vault``, ``NAME.csv.vault``…) holding its placeholder → value pairs, for ``coatcheck restore``; without it masking is one-way.

A JSONL line is one document: with ``field`` only that string field is masked; otherwise every string leaf is
masked except protocol structure, the gateway's deny-by-default walk (chat transcripts, Claude Code session lines,
``{"text": …}`` records alike). A CSV or Parquet row is one document: ``field`` names the columns to mask (comma
separated; default every text column), every other column and the schema stay as they are. A document that cannot be
masked is reported by its line or row number and id and not written.

The modules: ``corpus`` (input files, formats, the per-file report and the run's summary), ``rows`` (the row loop:
one document masked on a :class:`~coatcheck.wire.session.TextSession`), ``output`` (the atomic finish: the masked
file and its vault shard written under ``.partial`` names, fsynced and renamed, in each format), and the two engines
that share them, ``local`` (a process pool) and ``ray`` (a Ray Data actor pool). Neither imports the gateway or an
HTTP library.
"""

from __future__ import annotations

from .corpus import FORMATS, FileReport, format_of, input_files, summary

__all__ = ["FORMATS", "FileReport", "format_of", "input_files", "summary"]
