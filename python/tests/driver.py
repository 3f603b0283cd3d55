"""A Driver runs the same test on a Client and on an AsyncClient; the network wrappers let a live test lose an
answer or cut a stream as a dropped connection does."""

import asyncio
import inspect
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from typing import Any

import httpx
import pytest

import rampart


class Driver:
    """Runs a test on a Client or an AsyncClient: `d.run(client.orders.place(...))` is the answer either way (an
    AsyncClient's coroutine runs on this driver's own loop, which its connections stay on)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.loop = asyncio.new_event_loop() if kind == "async" else None
        self.waits: list[float] = []
        self.clients: list[Any] = []

    def client(
        self,
        handler: Callable[[httpx.Request], httpx.Response] | None = None,
        *,
        on_wait: Callable[[float], None] | None = None,
        seen: list[httpx.Response] | None = None,
        wrap: Callable[[httpx.Request, httpx.Response], httpx.Response] | None = None,
        **options: Any,
    ) -> Any:
        """A client of `handler` (scripted answers) or, without one, of the network (a live server). Waits are
        recorded and return at once, after on_wait. `seen` collects every answer (its .request is what was sent);
        `wrap(request, response)` may replace an answer of the network, or raise to lose it."""

        def wait(seconds: float) -> None:
            self.waits.append(seconds)
            if on_wait is not None:
                on_wait(seconds)

        async def async_wait(seconds: float) -> None:
            wait(seconds)

        options.setdefault("base_url", "http://rampart.invalid")
        options.setdefault("api_key", "rk_test_x")
        if self.kind == "sync":
            sync_transport: httpx.BaseTransport = httpx.MockTransport(handler) if handler is not None else Wrapped(httpx.HTTPTransport(), wrap)
            hooks = {"response": [seen.append]} if seen is not None else {}
            c: Any = rampart.Client(http_client=httpx.Client(transport=sync_transport, event_hooks=hooks), sleep=wait, **options)
        else:

            async def keep(response: httpx.Response) -> None:
                assert seen is not None
                seen.append(response)

            async_transport: httpx.AsyncBaseTransport = httpx.MockTransport(handler) if handler is not None else AsyncWrapped(httpx.AsyncHTTPTransport(), wrap)
            async_hooks = {"response": [keep]} if seen is not None else {}
            c = rampart.AsyncClient(http_client=httpx.AsyncClient(transport=async_transport, event_hooks=async_hooks), sleep=async_wait, **options)
        self.clients.append(c)
        return c

    def run(self, value: Any) -> Any:
        return self.loop.run_until_complete(value) if self.loop is not None and inspect.isawaitable(value) else value

    def raises(self, kind: type[BaseException], call: Callable[[], Any]) -> Any:
        """The error `call()` raises (a Client's call raises it, an AsyncClient's coroutine when run)."""
        with pytest.raises(kind) as info:
            self.run(call())
        return info.value

    def take(self, stream: Any, count: int | None = None, on_event: Callable[[Any], None] | None = None) -> list[Any]:
        """The stream's events until `count` (or its end); on_event is told each as it comes."""
        got: list[Any] = []

        def keep(event: Any) -> bool:
            got.append(event)
            if on_event is not None:
                on_event(event)
            return count is not None and len(got) >= count

        if self.loop is None:
            with stream:
                for event in stream:
                    if keep(event):
                        break
            return got

        async def read() -> None:
            async with stream:
                async for event in stream:
                    if keep(event):
                        break

        self.run(read())
        return got

    def body(self, parts: Iterable[bytes | Exception]) -> Iterator[bytes] | AsyncIterator[bytes]:
        """A streamed response body giving each part, raising where a part is an exception (a dropped connection,
        an idle one's read timeout)."""
        items = list(parts)

        def sync_parts() -> Iterator[bytes]:
            for p in items:
                if isinstance(p, Exception):
                    raise p
                yield p

        async def async_parts() -> AsyncIterator[bytes]:
            for p in items:
                if isinstance(p, Exception):
                    raise p
                yield p

        return sync_parts() if self.loop is None else async_parts()

    def close(self) -> None:
        for c in self.clients:
            if self.loop is None:
                c.close()
            else:
                self.run(c.aclose())
        if self.loop is not None:
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()


class Cuttable(httpx.SyncByteStream, httpx.AsyncByteStream):
    """A streamed body that breaks, as a dropped connection does, once cut() was called."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.is_cut = False

    def cut(self) -> None:
        self.is_cut = True

    # The cut is checked before each read: the reader stopped at a chunk (an event) and cut; the next read breaks.
    def __iter__(self) -> Iterator[bytes]:
        chunks = iter(self.inner)
        while not self.is_cut:
            chunk = next(chunks, None)
            if chunk is None:
                return
            yield chunk
        raise httpx.ReadError("peer closed connection")

    async def __aiter__(self) -> AsyncIterator[bytes]:
        chunks = self.inner.__aiter__()
        while not self.is_cut:
            try:
                chunk = await chunks.__anext__()
            except StopAsyncIteration:
                return
            yield chunk
        raise httpx.ReadError("peer closed connection")

    def close(self) -> None:
        self.inner.close()

    async def aclose(self) -> None:
        await self.inner.aclose()


class Wrapped(httpx.BaseTransport):
    """The network, with each answer passed through `wrap` (which may replace it, or raise to lose it)."""

    def __init__(self, inner: httpx.BaseTransport, wrap: Callable[[httpx.Request, httpx.Response], httpx.Response] | None) -> None:
        self.inner, self.wrap = inner, wrap

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        try:
            return self.wrap(request, response) if self.wrap is not None else response
        except Exception:
            response.close()
            raise

    def close(self) -> None:
        self.inner.close()


class AsyncWrapped(httpx.AsyncBaseTransport):
    def __init__(self, inner: httpx.AsyncBaseTransport, wrap: Callable[[httpx.Request, httpx.Response], httpx.Response] | None) -> None:
        self.inner, self.wrap = inner, wrap

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        try:
            return self.wrap(request, response) if self.wrap is not None else response
        except Exception:
            await response.aclose()
            raise

    async def aclose(self) -> None:
        await self.inner.aclose()
