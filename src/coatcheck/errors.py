"""Exceptions raised by coatcheck. Messages never contain detected values."""


class CoatcheckError(Exception):
    """Base class of every coatcheck error."""


class ConfigError(CoatcheckError):
    """A data file (rule pack, policy, category list) is invalid; the message names the file and record."""


class VaultError(CoatcheckError):
    """The vault cannot be opened, decrypted or written."""


class MaskingError(CoatcheckError):
    """Masking failed; nothing unmasked may be forwarded."""


class InputError(CoatcheckError):
    """Input cannot be processed as text (binary, invalid UTF-8)."""
