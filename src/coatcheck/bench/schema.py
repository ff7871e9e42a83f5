"""The bench file format (docs/bench-spec.md in the team's shared folder): a set is JSONL of :class:`Document`,
a tool's predictions are JSONL of :class:`Prediction`."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

ItemClass = Literal["MUST_MASK", "MUST_KEEP", "AMBIGUOUS"]


class Item(TypedDict):
    """A gold item: ``text[start:end]`` must be masked, must stay readable, or is not scored."""

    start: int
    end: int
    cls: ItemClass
    cat: str
    encoded_of: int | None  # index of the item this one is an encoded copy of
    sub: NotRequired[str | list[str]]  # finer labels (a syntax, a provider family) for --by-sub


class Document(TypedDict):
    id: str | int
    text: str
    items: list[Item]
    kind: NotRequired[str]
    lang: NotRequired[str]
    component: NotRequired[str]
    role: NotRequired[str | None]  # code strata: live / example / placeholder / clean
    pair_id: NotRequired[str | None]
    carrier: NotRequired[dict[str, str]]
    dataset: NotRequired[str]
    annotated: NotRequired[list[str]]  # document sets: the core labels the document was annotated for


class PredSpan(TypedDict):
    start: int
    end: int
    label: str
    score: NotRequired[float]


class Prediction(TypedDict):
    spans: NotRequired[list[PredSpan]]  # absent when the tool failed on the document ("no output")
    error: NotRequired[str]
    id: NotRequired[str | int]
    masked_text: NotRequired[str]  # span-only tools leave it out: structure checks do not apply
