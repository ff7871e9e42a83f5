"""The benchmark kit: agent-traffic generator, scorer and tool adapters (see docs/bench-spec in the project notes)."""
