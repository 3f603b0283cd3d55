"""The asynchronous transport: _sync.py's twin over an httpx.AsyncClient (the same _core.Call decides)."""

import asyncio
import inspect
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import httpx

from ._core import Call, Retry, TransportConfig, build_url, split_params
from ._generated.operations import OPERATIONS
from ._options import RequestOptions


class AsyncTransport:
    def __init__(
        self, config: TransportConfig, http: httpx.AsyncClient, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    ) -> None:
        self.config = config
        self.http = http
        # How to wait before a retry or a reconnection: tests give one that records, or moves a manual clock.
        self.sleep = sleep

    async def headers(self) -> dict[str, str]:
        token = self.config.token if isinstance(self.config.token, str) else self.config.token.bearer()
        if inspect.isawaitable(token):
            token = await token
        return self.config.headers_with(str(token))

    async def call(
        self, operation_id: str, path: Mapping[str, str] | None = None, body: Any = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        """Calls an operation of the document; returns its answer's JSON or raises a RampartError (or a
        RampartConnectionError). `params`: the method's keyword arguments, query parameters and request options."""
        op = OPERATIONS[operation_id]
        query, options = split_params(params or {})
        return await self.request(op.method, op.path, path=path, query=query, body=body, options=options, idempotent=op.idempotency_key)

    async def request(
        self,
        method: str,
        template: str,
        *,
        path: Mapping[str, str] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Any = None,
        options: RequestOptions | None = None,
        idempotent: bool = False,
    ) -> Any:
        """Calls a route by method and path template. `idempotent`: the route takes an Idempotency-Key, made here
        unless options give one."""
        call = Call(self.config, method, build_url(self.config.base_url, template, path, query), body, options or {}, idempotent)
        while True:
            try:
                res = await self.http.request(
                    method, call.url, headers=call.headers(await self.headers()), content=call.content, timeout=call.timeout
                )
            except httpx.TransportError as exc:
                step = call.on_no_answer(exc)
            else:
                step = call.on_answer(res.status_code, res.content, res.headers)
                if not isinstance(step, Retry):
                    return step
            if step.delay > 0:
                await self.sleep(step.delay)
