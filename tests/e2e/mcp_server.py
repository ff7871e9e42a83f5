"""A stdio MCP server like a team's database server: its instructions, tool description and input schema
(default, enum, examples) carry a connection string with a password, a person's name and an e-mail address, all
invented. Newline-delimited JSON-RPC 2.0 on stdin/stdout, as the MCP stdio transport specifies."""

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


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        if "id" not in msg:  # a notification
            continue
        method = msg.get("method")
        if method == "initialize":
            result = {"protocolVersion": msg.get("params", {}).get("protocolVersion", "2025-06-18"),
                      "capabilities": {"tools": {}}, "serverInfo": {"name": "crm", "version": "1.0.0"},
                      "instructions": f"The CRM lives at {DSN}; its owner is {OWNER} <{EMAIL}>."}
        elif method == "tools/list":
            result = {"tools": [TOOL]}
        elif method == "tools/call":
            result = {"content": [{"type": "text", "text": "0 rows"}], "isError": False}
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
