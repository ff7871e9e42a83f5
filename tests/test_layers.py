"""The package's layers, read from the source with ``ast``: the HTTP gateway sits on top, nothing else imports it;
the wire layer and batch import no HTTP library."""

from __future__ import annotations

import ast
from pathlib import Path

import coatcheck

ROOT = Path(coatcheck.__file__).parent
HTTP_LIBRARIES = {"httpx", "starlette", "uvicorn", "h11", "httpcore", "aiohttp", "requests", "urllib3", "http",
                  "multipart", "python_multipart"}
# The command that starts the gateway (`coatcheck serve` and the launchers) is its one entry point.
GATEWAY_ENTRY_POINTS = {"coatcheck.cli.serve"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, absolute, at any depth of the file (function-level imports included)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
    return out


def _modules() -> dict[str, set[str]]:
    return {_module_name(p): _imports(p) for p in ROOT.rglob("*.py") if "peers/runners" not in p.as_posix()}


MODULES = _modules()


def _top(mod: str) -> str:
    return mod.split(".", 1)[0]


def test_the_walk_sees_the_package():
    assert "coatcheck.wire.session" in MODULES and "coatcheck.gateway.app" in MODULES
    assert "coatcheck.wire.session" in MODULES["coatcheck.gateway.sessions"]  # relative imports resolved


def test_nothing_outside_the_gateway_imports_it():
    offenders = {m: sorted(i for i in imports if i == "coatcheck.gateway" or i.startswith("coatcheck.gateway."))
                 for m, imports in MODULES.items()
                 if not m.startswith("coatcheck.gateway") and m not in GATEWAY_ENTRY_POINTS}
    assert {m: i for m, i in offenders.items() if i} == {}


def test_the_wire_layer_imports_no_http_library():
    offenders = {m: sorted(i for i in imports if _top(i) in HTTP_LIBRARIES or i.startswith("coatcheck.gateway"))
                 for m, imports in MODULES.items() if m.startswith("coatcheck.wire")}
    assert {m: i for m, i in offenders.items() if i} == {}


def test_batch_imports_neither_the_gateway_nor_http():
    batch = {m: imports for m, imports in MODULES.items() if m.startswith("coatcheck.batch")}
    assert batch
    offenders = {m: sorted(i for i in imports if _top(i) in HTTP_LIBRARIES or i.startswith("coatcheck.gateway"))
                 for m, imports in batch.items()}
    assert {m: i for m, i in offenders.items() if i} == {}


def test_the_library_front_end_builds_on_wire():
    assert any(i.startswith("coatcheck.wire") for i in MODULES["coatcheck.conversation"])
