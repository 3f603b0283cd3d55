"""Webhook verification, as Rampart signs its deliveries (Standard Webhooks): `webhook-signature` holds `v1,` and
the base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the bytes of the whsec_ secret."""

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Iterable
from typing import Any, Protocol

from ._generated.models import Event


class WebhookVerificationError(Exception):
    """The delivery is not from Rampart, was changed, or is too old or too new."""


class _HasItems(Protocol):
    def items(self) -> Iterable[tuple[str, Any]]: ...


# A dict (any case), httpx's or http.server's headers, a WSGI/ASGI framework's, or (name, value) pairs.
HeaderSource = _HasItems | Iterable[tuple[str, str]]


def _header(headers: HeaderSource, name: str) -> str | None:
    items = headers.items() if hasattr(headers, "items") else headers
    for key, value in items:
        if key.lower() == name:
            return str(value[0] if isinstance(value, (list, tuple)) else value)
    return None


def verify_webhook(
    payload: bytes | str,
    headers: HeaderSource,
    secret: str,
    *,
    tolerance: float = 300,
    now: float | None = None,
) -> Event:
    """Checks a delivery and gives its event.

    `payload` is the raw body as received (verify before any JSON parse: a re-serialized body does not match),
    `headers` the request's, `secret` the endpoint's whsec_ secret. `tolerance`: how far the delivery's timestamp
    may be from `now` (seconds since the epoch, default the clock's), against replays. Raises
    WebhookVerificationError when it does not check out.
    """
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature")
    if not timestamp.isdigit():
        raise WebhookVerificationError("webhook-timestamp is not a number of seconds")
    if abs(int(time.time() if now is None else now) - int(timestamp)) > tolerance:
        raise WebhookVerificationError("webhook-timestamp is outside the tolerance")
    body = payload.encode() if isinstance(payload, str) else payload
    try:
        key = base64.b64decode(secret.removeprefix("whsec_"))
    except binascii.Error as exc:
        raise WebhookVerificationError("the secret is not a whsec_ secret") from exc
    expected = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    # Several signatures may be sent (space-separated) while a secret rotates: one matching is enough.
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        if version != "v1" or not value:
            continue
        try:
            given = base64.b64decode(value, validate=True)
        except binascii.Error:
            continue
        if hmac.compare_digest(given, expected):
            event: Event = json.loads(body)
            return event
    raise WebhookVerificationError("no webhook-signature matches")
