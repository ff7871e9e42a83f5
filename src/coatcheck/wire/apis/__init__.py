"""One module per wire protocol: its walker, stream transformer and :class:`~coatcheck.wire.api.Api` values."""
