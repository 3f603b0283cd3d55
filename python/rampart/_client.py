"""The clients: credentials, where to call, and the resources, each method one operation of the OpenAPI document.
Client calls and waits; AsyncClient's methods are coroutines. Both close their connections with `with`/`async with`
or close()/aclose()."""

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from types import TracebackType

import httpx

from ._async import AsyncTransport
from ._core import DEFAULT_USER_AGENT, TokenSource, TransportConfig
from ._options import DEFAULT_BASE_URLS, Environment, RetryPolicy
from ._sync import SyncTransport
from .resources import (
    Accounts,
    AsyncAccounts,
    AsyncEvents,
    AsyncFills,
    AsyncMargin,
    AsyncMarkets,
    AsyncOrders,
    AsyncPositions,
    AsyncProducts,
    AsyncService,
    AsyncSignals,
    AsyncWebhooks,
    Events,
    Fills,
    Margin,
    Markets,
    Orders,
    Positions,
    Products,
    Service,
    Signals,
    Webhooks,
)

def _config(
    api_key: str | None,
    access_token: str | None,
    token_source: TokenSource | None,
    environment: Environment | None,
    base_url: str | None,
    max_retries: int | None,
    retry: RetryPolicy | None,
    timeout: float,
    headers: Mapping[str, str] | None,
    user_agent: str | None,
) -> tuple[Environment, TransportConfig]:
    token = api_key or access_token or token_source
    if not token:
        raise TypeError("rampart: give api_key, access_token or token_source")
    # By default the key's prefix says where it works: rk_live_ is live, anything else the sandbox.
    env: Environment = environment or ("live" if isinstance(token, str) and token.startswith("rk_live_") else "sandbox")
    policy = retry or RetryPolicy()
    if max_retries is not None:
        policy = replace(policy, max_retries=max_retries)
    url = (base_url or DEFAULT_BASE_URLS[env]).rstrip("/")
    return env, TransportConfig(base_url=url, token=token, timeout=timeout, retry=policy, user_agent=user_agent, headers=dict(headers or {}))


class Client:
    """Rampart's API, synchronously.

    api_key (rk_live_…, rk_test_…) or access_token (an OAuth app's rat_…), both sent as Bearer; or token_source
    (bearer() and optional renew()). environment: "sandbox" or "live", picks the default base URL (by default from
    the key's prefix). base_url: the API's address, wins over environment. max_retries: retries after the first
    attempt (default 2); retry: the backoff (RetryPolicy). timeout: seconds per attempt. headers: sent with every
    request. http_client: your own httpx.Client (a proxy, a recorder; you close it). sleep: how to wait before a
    retry (tests give their own).
    """

    def __init__(
        self,
        api_key: str | None = None,
        *,
        access_token: str | None = None,
        token_source: TokenSource | None = None,
        environment: Environment | None = None,
        base_url: str | None = None,
        max_retries: int | None = None,
        retry: RetryPolicy | None = None,
        timeout: float = 30.0,
        headers: Mapping[str, str] | None = None,
        user_agent: str | None = DEFAULT_USER_AGENT,
        http_client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.environment, config = _config(
            api_key, access_token, token_source, environment, base_url, max_retries, retry, timeout, headers, user_agent
        )
        self.base_url = config.base_url
        self._owns_http = http_client is None
        # The request machinery shared by the resources.
        self.transport = SyncTransport(config, http_client or httpx.Client(), sleep)
        t = self.transport
        self.service = Service(t)
        self.markets = Markets(t)
        self.products = Products(t)
        self.accounts = Accounts(t)
        self.orders = Orders(t)
        self.positions = Positions(t)
        self.fills = Fills(t)
        self.margin = Margin(t)
        self.events = Events(t)
        self.webhooks = Webhooks(t)
        self.signals = Signals(t)

    def close(self) -> None:
        """Closes the connections (not those of an http_client you gave)."""
        if self._owns_http:
            self.transport.http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class AsyncClient:
    """Rampart's API, with asyncio: Client's twin (the same options; http_client an httpx.AsyncClient, sleep a
    coroutine function), whose methods are coroutines and whose stream is an async iterator."""

    def __init__(
        self,
        api_key: str | None = None,
        *,
        access_token: str | None = None,
        token_source: TokenSource | None = None,
        environment: Environment | None = None,
        base_url: str | None = None,
        max_retries: int | None = None,
        retry: RetryPolicy | None = None,
        timeout: float = 30.0,
        headers: Mapping[str, str] | None = None,
        user_agent: str | None = DEFAULT_USER_AGENT,
        http_client: httpx.AsyncClient | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.environment, config = _config(
            api_key, access_token, token_source, environment, base_url, max_retries, retry, timeout, headers, user_agent
        )
        self.base_url = config.base_url
        self._owns_http = http_client is None
        self.transport = AsyncTransport(config, http_client or httpx.AsyncClient(), sleep)
        t = self.transport
        self.service = AsyncService(t)
        self.markets = AsyncMarkets(t)
        self.products = AsyncProducts(t)
        self.accounts = AsyncAccounts(t)
        self.orders = AsyncOrders(t)
        self.positions = AsyncPositions(t)
        self.fills = AsyncFills(t)
        self.margin = AsyncMargin(t)
        self.events = AsyncEvents(t)
        self.webhooks = AsyncWebhooks(t)
        self.signals = AsyncSignals(t)

    async def aclose(self) -> None:
        """Closes the connections (not those of an http_client you gave)."""
        if self._owns_http:
            await self.transport.http.aclose()

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()
