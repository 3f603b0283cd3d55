"""Rampart's Python SDK: `rampart.Client` and `rampart.AsyncClient` over httpx, typed from the OpenAPI document.

    import rampart

    client = rampart.Client(api_key="rk_test_…")
    account = client.accounts.list()["data"][0]
"""

from ._client import AsyncClient, Client
from ._core import TokenSource
from ._errors import (
    AuthenticationError,
    ConflictError,
    EngineError,
    InvalidRequestError,
    NotFoundError,
    PermissionDeniedError,
    RampartConnectionError,
    RampartError,
    RampartTimeoutError,
    RateLimitError,
    RuleRejectionError,
    ServerError,
)
from ._async_stream import AsyncAccountStream
from ._ids import new_idempotency_key
from ._options import DEFAULT_BASE_URLS, Environment, RequestOptions, RetryPolicy
from ._paginate import apaginate, paginate
from ._stream import AccountStream
from ._version import VERSION
from ._webhook import WebhookVerificationError, verify_webhook

__version__ = VERSION

__all__ = [
    "DEFAULT_BASE_URLS",
    "AccountStream",
    "AsyncAccountStream",
    "AsyncClient",
    "AuthenticationError",
    "Client",
    "ConflictError",
    "EngineError",
    "Environment",
    "InvalidRequestError",
    "NotFoundError",
    "PermissionDeniedError",
    "RampartConnectionError",
    "RampartError",
    "RampartTimeoutError",
    "RateLimitError",
    "RequestOptions",
    "RetryPolicy",
    "RuleRejectionError",
    "ServerError",
    "TokenSource",
    "WebhookVerificationError",
    "apaginate",
    "new_idempotency_key",
    "paginate",
    "verify_webhook",
]
