"""When to try a request again and how long to wait first: exponential backoff with jitter, never sooner than
the server's Retry-After."""

import random as _random
from collections.abc import Callable

from ._errors import RampartError
from ._options import RetryPolicy


def retry_delay(
    policy: RetryPolicy, retry: int, retry_after: float | None, random: Callable[[], float] = _random.random
) -> float | None:
    """The wait in seconds before retry number `retry` (1-based).

    The backoff doubles from initial_delay up to max_delay, less up to a quarter at random (so clients refused
    together do not come back together), and is never shorter than Retry-After. None when Retry-After asks for
    longer than the policy waits.
    """
    backoff = min(policy.initial_delay * 2.0 ** (retry - 1), policy.max_delay)
    jittered = round(backoff * (1 - 0.25 * random()), 3)
    if retry_after is None:
        return jittered
    if retry_after > policy.max_retry_after:
        return None
    return max(jittered, retry_after)


# Methods a repeat cannot do twice (HTTP semantics): a network failure on them may be retried.
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE", "OPTIONS"})


def safe_to_repeat(method: str, idempotency_key: str | None) -> bool:
    return method in IDEMPOTENT_METHODS or idempotency_key is not None


def should_retry(error: RampartError, method: str, idempotency_key: str | None) -> bool:
    """A retryable answer is retried when repeating cannot do the work twice: the method is idempotent or the
    Idempotency-Key makes it so. A POST without a key is never sent twice, not even after a 429 or a 503 (which
    refuse before any work): the caller sees the error and its retry_after."""
    return error.retryable and safe_to_repeat(method, idempotency_key)
