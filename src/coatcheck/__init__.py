"""coatcheck: mask secrets and personal data in coding-agent traffic, restore them exactly."""

from .conversation import Conversation, mask_messages, restore_message
from .errors import CoatcheckError, ConfigError, InputError, MaskingError, VaultError
from .masker import Masker, MaskResult
from .policy import Policy
from .restore import RestoreResult, StreamRestorer, restore
from .spans import Span
from .vault import Vault

__all__ = [
    "CoatcheckError",
    "ConfigError",
    "Conversation",
    "InputError",
    "MaskResult",
    "Masker",
    "MaskingError",
    "Policy",
    "RestoreResult",
    "Span",
    "StreamRestorer",
    "Vault",
    "VaultError",
    "mask_messages",
    "restore",
    "restore_message",
]
__version__ = "0.1.0"
