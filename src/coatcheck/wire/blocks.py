"""Streaming state for all three wire formats: one table of open blocks under typed keys.

A text block restores as it streams (holding back only a possible placeholder prefix). A tool block buffers the
whole input, because whether a value may go into a tool call depends on the whole call (the command's
destination may come after the placeholder); at the end of the block its input is restored by provenance.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from ..restore import StreamRestorer
from .apis.notices import current_turn
from .session import Session
from .restore.toolcalls import Kept


class BlockKey(NamedTuple):
    kind: Literal["text", "tool"]
    at: int | str | None  # Anthropic content-block index, OpenAI choice index, Responses item id
    sub: int | str | None = None  # OpenAI tool-call index, Responses content index


@dataclass
class TextBlock:
    restorer: StreamRestorer
    upstream: list[str] = field(default_factory=list)
    restored: list[str] = field(default_factory=list)

    def feed(self, s: str) -> str:
        self.upstream.append(s)
        out = self.restorer.feed(s)
        self.restored.append(out)
        return out

    def flush(self) -> str:
        out = self.restorer.flush()
        self.restored.append(out)
        return out


@dataclass
class ToolBlock:
    name: str
    json_input: bool = True  # False: free text (Responses custom tools)
    parts: list[str] = field(default_factory=list)
    refused: bool = False  # the stream renamed or re-opened it: nothing in it is restored

    def feed(self, s: str) -> str:
        self.parts.append(s)
        return ""


class BlockTable:
    """Open blocks of one response."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.blocks: dict[BlockKey, TextBlock | ToolBlock] = {}
        self.kept: list[Kept] = []
        self.turn = current_turn()  # the notices of the turn so far (read from the request's history)

    def text(self, key: BlockKey, *, json_string: bool = False) -> TextBlock:
        block = self.blocks.get(key)
        if not isinstance(block, TextBlock):
            block = self.blocks[key] = TextBlock(self.session.restorer(json_string=json_string))
        return block

    def tool(self, key: BlockKey, name: str = "", *, json_input: bool = True) -> ToolBlock:
        """The open tool block under ``key``. A name that differs from the one the block was opened with refuses
        the block: a client keeps the last name it reads (Claude Code, openai-node), the decision was the first's."""
        block = self.blocks.get(key)
        if not isinstance(block, ToolBlock):
            block = self.blocks[key] = ToolBlock(name, json_input)
        elif name and not block.name:
            block.name = name
        elif name and name != block.name:
            block.refused = True
        return block

    def refuse(self, key: BlockKey) -> None:
        """Nothing in the tool block under ``key`` is restored (the stream re-opened it, or out of order)."""
        block = self.blocks.get(key)
        if isinstance(block, ToolBlock):
            block.refused = True

    def close(self, key: BlockKey) -> str:
        """End a block: the text still to send (a text tail, or a tool's whole restored input)."""
        block = self.blocks.pop(key, None)
        if block is None:
            return ""
        if isinstance(block, TextBlock):
            tail = block.flush()
            self.session.remember_echo("".join(block.upstream), "".join(block.restored))
            return tail
        if block.refused:
            upstream = "".join(block.parts)
            self.kept.extend(self.session.tools.refuse(block.name, upstream, "the stream renamed or re-opened the tool call"))
            return upstream
        return self.finish_tool(block.name, "".join(block.parts), json_input=block.json_input)

    def finish_tool(self, name: str, upstream: str, *, json_input: bool = True) -> str:
        """A whole tool input as the model wrote it -> as the client gets it; kept placeholders are collected."""
        if json_input:
            restored, kept = self.session.tools.restore_arguments(name, upstream)
            remember_json_echo(self.session, upstream, restored)
        else:
            restored, kept = self.session.tools.restore_text(name, upstream)
        self.session.remember_echo(upstream, restored)
        self.kept.extend(kept)
        return restored

    def open_keys(self) -> list[BlockKey]:
        return list(self.blocks)

    def take_notice(self) -> str | None:
        """The notice for what was kept so far in this response (once)."""
        if not self.kept:
            return None
        text = self.session.notice_for(self.kept)
        self.kept = []
        return text

    def final_notices(self) -> list[str]:
        """For a turn's final answer: the notice lines the user must see in it (the turn's earlier notices and
        this response's own), taken once."""
        now = self.take_notice()
        lines = self.turn.recap([now] if now else [])
        self.turn.earlier = []
        return lines


def remember_json_echo(session: Session, upstream_json: str, restored_json: str) -> None:
    """Pair the leaves of an upstream and a restored tool input for the echo map (the client sends the input
    back as an object next turn)."""
    try:
        u, s = json.loads(upstream_json or "{}"), json.loads(restored_json or "{}")
    except ValueError:
        return
    remember_leaves(session, u, s)


def remember_leaves(session: Session, a: Any, b: Any) -> None:
    if isinstance(a, str) and isinstance(b, str):
        session.remember_echo(a, b)
    elif isinstance(a, list) and isinstance(b, list):
        for x, y in zip(a, b, strict=False):
            remember_leaves(session, x, y)
    elif isinstance(a, dict) and isinstance(b, dict):
        for k in a:
            if k in b:
                remember_leaves(session, a[k], b[k])
