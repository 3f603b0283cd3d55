"""Errors: one class per error `type` of Rampart's envelope, all under RampartError, so a caller catches broadly
(RampartError), by kind (RuleRejectionError) or by `code`."""

import email.utils
import math
import time
from collections.abc import Mapping
from typing import Any, cast

import httpx

from ._generated.models import ErrorCode, ErrorType


class RampartError(Exception):
    """An answer of Rampart refusing the request (any non-2xx)."""

    def __init__(self, status: int, body: Mapping[str, Any], headers: httpx.Headers) -> None:
        message = str(body.get("message") or f"HTTP {status}")
        super().__init__(message)
        # HTTP status of the answer.
        self.status = status
        # Match on this, never on message: one of ErrorCode.
        self.code = cast(ErrorCode, body.get("code"))
        self.type = cast(ErrorType, body.get("type"))
        self.message = message
        # The request's id (also the X-Request-Id header): quote it to support.
        self.request_id: str | None = body.get("request_id") or headers.get("x-request-id") or None
        # True when the same request may succeed later (the client already retried it, up to max_retries).
        self.retryable = bool(body.get("retryable"))
        # Code-specific facts: `nearest` sizes, the rate limit's `scope`, the margin `required`… (decimals as strings).
        self.details: dict[str, Any] = dict(body.get("details") or {})
        self.doc_url: str | None = body.get("doc_url") or None
        # Seconds the server asked to wait (Retry-After), when it said.
        self.retry_after = retry_after_seconds(headers)
        # The answer's headers.
        self.headers = headers

    def __str__(self) -> str:
        return f"{self.code} ({self.status}): {self.message} [request {self.request_id}]"


class InvalidRequestError(RampartError):
    """400: malformed request, bad parameter, size or price off the market's steps."""


class AuthenticationError(RampartError):
    """401: missing, unknown, expired or revoked key or token, or the other environment's."""


class PermissionDeniedError(RampartError):
    """403: a read key trading, an address off the allowlist, API access off (Python has a builtin
    PermissionError, hence the name)."""


class NotFoundError(RampartError):
    """404: account, order, position, market or webhook not found (or not reachable by this key)."""


class ConflictError(RampartError):
    """409: the state does not allow it now (order no longer working, Idempotency-Key still running…)."""


class RuleRejectionError(RampartError):
    """422: a trading rule refused it (margin, price band, key fences, market closed…)."""


class RateLimitError(RampartError):
    """429: a request budget is used up; retry_after says when it refills."""


class ServerError(RampartError):
    """500 and the service's 503s."""


class EngineError(RampartError):
    """503 from the engine: busy, no price yet, stale quote, no answer in time."""


# The class of each error type (a pytest test checks it against the generated ErrorType).
CLASSES: dict[str, type[RampartError]] = {
    "invalid_request": InvalidRequestError,
    "authentication": AuthenticationError,
    "permission": PermissionDeniedError,
    "not_found": NotFoundError,
    "conflict": ConflictError,
    "rule_rejection": RuleRejectionError,
    "rate_limit": RateLimitError,
    "server": ServerError,
    "engine": EngineError,
}


class RampartConnectionError(Exception):
    """The request never got an answer: the connection failed or the timeout passed. Not a RampartError: there
    is no answer, so no code."""


class RampartTimeoutError(RampartConnectionError):
    """No answer within the timeout."""


def _bare(status: int) -> dict[str, Any]:
    """What the status alone says, for an answer without Rampart's envelope (a proxy's page, say)."""
    if status == 401:
        return {"type": "authentication", "code": "invalid_api_key", "retryable": False}
    if status == 403:
        return {"type": "permission", "code": "insufficient_permission", "retryable": False}
    if status == 404:
        return {"type": "not_found", "code": "route_not_found", "retryable": False}
    if status == 429:
        return {"type": "rate_limit", "code": "rate_limited", "retryable": True}
    if status in (502, 503, 504):
        return {"type": "server", "code": "temporarily_unavailable", "retryable": True}
    if status >= 500:
        return {"type": "server", "code": "internal_error", "retryable": True}
    return {"type": "invalid_request", "code": "invalid_request", "retryable": False}


def error_from_answer(status: int, body: Any, headers: httpx.Headers) -> RampartError:
    """The error for a non-2xx answer and its parsed body (None when it was not JSON)."""
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict) and isinstance(error.get("code"), str) and isinstance(error.get("type"), str):
        return CLASSES.get(error["type"], RampartError)(status, error, headers)
    bare = _bare(status)
    bare["message"] = f"HTTP {status} without an error body"
    return CLASSES[bare["type"]](status, bare, headers)


# HTTP status of a refusal the stream sends as its last frame (it has no status of its own).
STATUS_OF_TYPE = {
    "invalid_request": 400,
    "authentication": 401,
    "permission": 403,
    "not_found": 404,
    "conflict": 409,
    "rule_rejection": 422,
    "rate_limit": 429,
    "server": 503,
    "engine": 503,
}


def retry_after_seconds(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """Retry-After in seconds: delta-seconds, or an HTTP date read against `now` (seconds since the epoch)."""
    value = (headers.get("retry-after") or "").strip()
    if value == "":
        return None
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return float(max(0, math.ceil(at - (time.time() if now is None else now))))


# The refusals a renewed token may cure (nothing was done: the request was not authenticated).
STALE_TOKEN = frozenset({"expired_token", "revoked_token", "invalid_token"})


def is_stale_token(error: BaseException) -> bool:
    """Whether an error is the API refusing a token that a renewed one may replace."""
    return isinstance(error, RampartError) and error.status == 401 and error.code in STALE_TOKEN
