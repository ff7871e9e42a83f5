"""Provider-shaped dicts and streams, no HTTP: the per-API descriptions and their registry, the conversation state
(:mod:`.session`), the deny-by-default walk over JSON, SSE events, and the restore decision (:mod:`.restore`).

The library (:mod:`coatcheck.conversation`), batch and the HTTP gateway all build on this package; it imports no
HTTP library."""
