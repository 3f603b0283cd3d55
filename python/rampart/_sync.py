"""The synchronous transport: one call to Rampart over an httpx.Client, with the retries _core.Call decides."""

import time
from collections.abc import Callable, Mapping
from typing import Any

import httpx

from ._core import Call, Retry, TransportConfig, build_url, split_params
from ._generated.operations import OPERATIONS
from ._options import RequestOptions


class SyncTransport:
    def __init__(self, config: TransportConfig, http: httpx.Client, sleep: Callable[[float], None] = time.sleep) -> None:
        self.config = config
        self.http = http
        # How to wait before a retry or a reconnection: tests give one that records, or moves a manual clock.
        self.sleep = sleep

    def headers(self) -> dict[str, str]:
        token = self.config.token if isinstance(self.config.token, str) else self.config.token.bearer()
        if not isinstance(token, str):
            raise TypeError("a Client's token source must give a str from bearer() (an AsyncClient's may give an awaitable)")
        return self.config.headers_with(token)

    def call(self, operation_id: str, path: Mapping[str, str] | None = None, body: Any = None, params: Mapping[str, Any] | None = None) -> Any:
        """Calls an operation of the document; returns its answer's JSON or raises a RampartError (or a
        RampartConnectionError). `params`: the method's keyword arguments, query parameters and request options."""
        op = OPERATIONS[operation_id]
        query, options = split_params(params or {})
        return self.request(op.method, op.path, path=path, query=query, body=body, options=options, idempotent=op.idempotency_key)

    def request(
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
                res = self.http.request(method, call.url, headers=call.headers(self.headers()), content=call.content, timeout=call.timeout)
            except httpx.TransportError as exc:
                step = call.on_no_answer(exc)
            else:
                step = call.on_answer(res.status_code, res.content, res.headers)
                if not isinstance(step, Retry):
                    return step
            if step.delay > 0:
                self.sleep(step.delay)
