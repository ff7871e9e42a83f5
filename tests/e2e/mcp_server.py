"""A stdio MCP server like a team's database server: its instructions, tool description and input schema
(default, enum, examples) carry a connection string with a password, a person's name and an e-mail address, all
invented. Newline-delimited JSON-RPC 2.0 on stdin/stdout, as the MCP stdio transport specifies.

``--typed LOG`` serves instead a ticket tracker whose tool's input schema has properties named ``type`` and
``properties`` (names that are also JSON-Schema and content-block keywords), and appends the arguments of every
``tools/call`` to LOG as one JSON line."""

from __future__ import annotations

import json
import sys

DSN = "postgresql://reporting:Vr8kPz3mQw6tYn2L@10.20.30.40:5432/crm"
OWNER = "Ottilie Brennan-Marsh"
EMAIL = "o.brennan-marsh@fabrikam-health.org"
PLANTED = {"mcp password": "Vr8kPz3mQw6tYn2L", "mcp owner": "Brennan-Marsh", "mcp email": EMAIL}

TOOL = {
    "name": "crm_query",
    "description": f"Run a read-only SQL query on the CRM database at {DSN}. Ask {OWNER} ({EMAIL}) before querying the patients table.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "sql": {"type": "string", "description": "The SQL to run", "examples": [f"SELECT * FROM tickets WHERE owner = '{EMAIL}'"]},
            "dsn": {"type": "string", "description": "Connection string", "default": DSN},
            "on_behalf_of": {"type": "string", "enum": [OWNER, "nobody"]},
        },
        "required": ["sql"],
    },
}


TYPED_TOOL = {
    "name": "search_tickets",
    "description": "Search the ticket tracker by ticket type and field values.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "type": {"type": "string", "enum": ["bug", "feature", "task"], "description": "The ticket type"},
            "properties": {"type": "object", "description": "Field values to match",
                           "properties": {"severity": {"type": "string", "enum": ["low", "high"]}},
                           "additionalProperties": {"type": "string"}},
            "query": {"type": "string", "description": "Words to search for"},
        },
        "required": ["type"],
    },
}
TYPED_CALL = {"type": "bug", "properties": {"severity": "high", "component": "checkout"}, "query": "checkout fails"}


def main() -> None:
    typed_log = sys.argv[sys.argv.index("--typed") + 1] if "--typed" in sys.argv else None
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        if "id" not in msg:  # a notification
            continue
        method = msg.get("method")
        if method == "initialize":
            result = {"protocolVersion": msg.get("params", {}).get("protocolVersion", "2025-06-18"),
                      "capabilities": {"tools": {}}, "serverInfo": {"name": "tickets" if typed_log else "crm", "version": "1.0.0"}}
            if not typed_log:
                result["instructions"] = f"The CRM lives at {DSN}; its owner is {OWNER} <{EMAIL}>."
        elif method == "tools/list":
            result = {"tools": [TYPED_TOOL if typed_log else TOOL]}
        elif method == "tools/call":
            if typed_log:
                with open(typed_log, "a") as fh:
                    fh.write(json.dumps(msg.get("params", {}).get("arguments")) + "\n")
            result = {"content": [{"type": "text", "text": "0 rows" if not typed_log else "TCK-1042 bug high: checkout fails on retry"}],
                      "isError": False}
        elif method == "ping":
            result = {}
        else:
            sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no such method"}}) + "\n")
            sys.stdout.flush()
            continue
        sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
