"""What a caller can set: per call (RequestOptions) and per client (the retry policy, where each environment is)."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, TypedDict

Environment = Literal["sandbox", "live"]

# Where each environment listens by default (`rampart serve` on this machine); give base_url for any other host.
DEFAULT_BASE_URLS: dict[Environment, str] = {
    "live": "http://127.0.0.1:8080",
    "sandbox": "http://127.0.0.1:8081",
}


class RequestOptions(TypedDict, total=False):
    """Per-call options: the last, keyword, arguments of every method."""

    # Your own Idempotency-Key (1 to 128 printable ASCII); by default a random UUID on calls that take one.
    idempotency_key: str
    # Overrides the client's max_retries for this call.
    max_retries: int
    # Overrides the client's timeout for this call (seconds, per attempt).
    timeout: float
    # Extra headers.
    headers: Mapping[str, str]


# The keys of RequestOptions: a method's keyword arguments that are not query parameters.
OPTION_KEYS = frozenset(RequestOptions.__annotations__)


@dataclass(frozen=True)
class RetryPolicy:
    """When and how long to wait before trying a request again (seconds)."""

    # Retries after the first attempt.
    max_retries: int = 2
    # The first backoff, doubled per retry...
    initial_delay: float = 0.5
    # ...up to this.
    max_delay: float = 8.0
    # A Retry-After longer than this is not waited for: the error is raised instead, with its retry_after.
    max_retry_after: float = 60.0
