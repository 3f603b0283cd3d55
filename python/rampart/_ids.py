"""Idempotency keys."""

import uuid


def new_idempotency_key() -> str:
    """A random UUID (version 4) for one logical request: kept across its retries."""
    return str(uuid.uuid4())
