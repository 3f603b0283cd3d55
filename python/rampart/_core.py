"""What the sync and the async transports share, written once without I/O: the configuration, the URL, and one
call's attempts — its Idempotency-Key, what each answer means, whether and when to try again."""

import json
import re
from collections.abc import Awaitable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, cast
from urllib.parse import quote, urlencode

import httpx

from ._errors import RampartConnectionError, RampartTimeoutError, error_from_answer, is_stale_token
from ._ids import new_idempotency_key
from ._options import OPTION_KEYS, RequestOptions, RetryPolicy
from ._retry import retry_delay, safe_to_repeat, should_retry
from ._version import VERSION

DEFAULT_USER_AGENT = f"rampart-sdk-python/{VERSION}"


class TokenSource(Protocol):
    """Where the Bearer credential comes from when it is not one fixed string: a short-lived token asked for when
    needed. `bearer()` gives the one to send (an AsyncClient may await it); an optional `renew()` is told when the
    API refused it as expired, revoked or unknown, and the call is sent once more with the next `bearer()` (unless
    it is a POST without an Idempotency-Key)."""

    def bearer(self) -> str | Awaitable[str]: ...


@dataclass(frozen=True)
class TransportConfig:
    base_url: str
    token: str | TokenSource
    timeout: float
    retry: RetryPolicy
    # The User-Agent sent (None: none).
    user_agent: str | None = DEFAULT_USER_AGENT
    headers: Mapping[str, str] = field(default_factory=dict)

    def headers_with(self, token: str) -> dict[str, str]:
        """The headers of every request: the credential, what is accepted, who asks."""
        out = {"authorization": f"Bearer {token}", "accept": "application/json"}
        if self.user_agent is not None:
            out["user-agent"] = self.user_agent
        return {**out, **self.headers}

    def renew(self) -> bool:
        """The API refused the credential as stale: a token source brings a new one next time (a fixed key cannot)."""
        renew = getattr(self.token, "renew", None)
        if isinstance(self.token, str) or renew is None:
            return False
        renew()
        return True


def build_url(base_url: str, template: str, path: Mapping[str, str] | None = None, query: Mapping[str, Any] | None = None) -> str:
    """Fills the path template and appends the query (None values left out; lists repeated)."""

    def fill(m: re.Match[str]) -> str:
        value = (path or {}).get(m[1])
        if not value:
            raise TypeError(f"missing path parameter {m[1]}")
        return quote(str(value), safe="")

    pairs = [
        (key, _query_value(item))
        for key, value in (query or {}).items()
        for item in (value if isinstance(value, (list, tuple)) else [value])
        if item is not None
    ]
    return base_url.rstrip("/") + re.sub(r"\{(\w+)\}", fill, template) + (f"?{urlencode(pairs)}" if pairs else "")


def _query_value(v: Any) -> str:
    # JSON's spelling of booleans, as the API reads them (Python's str() would send "True").
    return ("true" if v else "false") if isinstance(v, bool) else str(v)


def split_params(params: Mapping[str, Any]) -> tuple[dict[str, Any], RequestOptions]:
    """A method's keyword arguments: the query parameters, and the request options."""
    query = {k: v for k, v in params.items() if k not in OPTION_KEYS}
    options = cast(RequestOptions, {k: v for k, v in params.items() if k in OPTION_KEYS})
    return query, options


def parse(content: bytes) -> Any:
    """An answer's body: its JSON, its text when it is not JSON, None when empty."""
    if content == b"":
        return None
    try:
        return json.loads(content)
    except ValueError:
        return content.decode("utf-8", "replace")


def connection_error(exc: httpx.TransportError, url: str, timeout: float) -> RampartConnectionError:
    origin = httpx.URL(url).copy_with(path="/", query=None)
    if isinstance(exc, httpx.TimeoutException):
        return RampartTimeoutError(f"no answer from {origin} within {timeout} s ({type(exc).__name__})")
    return RampartConnectionError(f"request to {origin} failed: {exc or type(exc).__name__}")


@dataclass(frozen=True)
class Retry:
    """Send the request again after `delay` seconds (0: at once)."""

    delay: float


class Call:
    """One call: its attempts share one Idempotency-Key, so a retry after a lost answer is recognised as the same
    request. The transports send; this says what each outcome means."""

    def __init__(
        self,
        config: TransportConfig,
        method: str,
        url: str,
        body: Any,
        options: RequestOptions,
        idempotent: bool,
    ) -> None:
        self.config = config
        self.method = method
        self.url = url
        # A str body goes as text (an alert's message, as TradingView sends it); anything else as JSON.
        self.content_type = "application/json"
        self.content: bytes | None = None
        if isinstance(body, str):
            self.content_type, self.content = "text/plain; charset=utf-8", body.encode()
        elif body is not None:
            self.content = json.dumps(body, separators=(",", ":")).encode()
        self.idempotency_key = options.get("idempotency_key") or (new_idempotency_key() if idempotent else None)
        self.max_retries = options.get("max_retries", config.retry.max_retries)
        self.timeout = options.get("timeout", config.timeout)
        self.extra_headers = dict(options.get("headers") or {})
        self.attempt = 0
        self.renewed = False

    def headers(self, base: Mapping[str, str]) -> dict[str, str]:
        out = {**base, **self.extra_headers}
        if self.idempotency_key is not None:
            out["idempotency-key"] = self.idempotency_key
        if self.content is not None:
            out["content-type"] = self.content_type
        return out

    def on_no_answer(self, exc: httpx.TransportError) -> Retry:
        """No answer: the request may or may not have been done, so only a request safe to repeat is repeated."""
        error = connection_error(exc, self.url, self.timeout)
        if isinstance(exc, httpx.UnsupportedProtocol) or self.attempt >= self.max_retries or not safe_to_repeat(self.method, self.idempotency_key):
            raise error from exc
        self.attempt += 1
        return Retry(retry_delay(self.config.retry, self.attempt, None) or 0.0)

    def on_answer(self, status: int, content: bytes, headers: httpx.Headers) -> Any:
        """The JSON of a successful answer, or Retry; raises the refusal when it is not to be retried."""
        parsed = parse(content)
        if 200 <= status < 300:
            return parsed
        error = error_from_answer(status, parsed, headers)
        # A token that went stale is replaced once, and the same request (same key) sent again with the new one —
        # unless it is a POST without a key, which is never sent twice: the next call carries the new token.
        if is_stale_token(error) and not self.renewed and self.config.renew():
            self.renewed = True
            if safe_to_repeat(self.method, self.idempotency_key):
                return Retry(0.0)
        delay = None
        if self.attempt < self.max_retries and should_retry(error, self.method, self.idempotency_key):
            delay = retry_delay(self.config.retry, self.attempt + 1, error.retry_after)
        if delay is None:
            raise error
        self.attempt += 1
        return Retry(delay)

