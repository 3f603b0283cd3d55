"""The account stream as an async iterator: _stream.py's twin (the same _stream_core decides), whose close() also
ends a read or a wait in progress."""

import asyncio
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable
from contextlib import aclosing
from typing import TypeVar

import httpx

from ._async import AsyncTransport
from ._core import connection_error, parse
from ._errors import RampartConnectionError, RampartError, error_from_answer
from ._generated.models import Event
from ._sse import SseFrame, SseParser
from ._stream_core import Cut, OnState, StreamCore

T = TypeVar("T")


class AsyncAccountStream:
    """`async for event in client.events.stream(account_id): …` — ends when closed, when the loop breaks or its
    task is cancelled, or by raising the refusal that ended access (a revoked key, say)."""

    def __init__(
        self,
        transport: AsyncTransport,
        account_id: str,
        *,
        resume: str | None = None,
        max_reconnects: int | None = None,
        idle_timeout: float = 45.0,
        on_state: OnState | None = None,
    ) -> None:
        self._transport = transport
        self._core = StreamCore(
            transport.config, account_id, resume=resume, max_reconnects=max_reconnects, idle_timeout=idle_timeout, on_state=on_state
        )
        self._closed = asyncio.Event()
        self._iterator: AsyncGenerator[Event, None] | None = None

    @property
    def last_event_id(self) -> str | None:
        """The id of the last event given: keep it to resume later (`resume=`)."""
        return self._core.last_event_id

    @property
    def connections(self) -> int:
        """Connections made so far (1 + reconnections)."""
        return self._core.connections

    def close(self) -> None:
        """Ends the stream, from the loop or from another task: a read or a wait in progress ends at once."""
        self._closed.set()

    async def aclose(self) -> None:
        """Ends the stream and closes its connection now (after a `break`, Python leaves an async generator
        suspended until it is collected): `async with client.events.stream(…) as stream:` calls it on leaving."""
        self.close()
        if self._iterator is not None:
            await self._iterator.aclose()

    async def __aenter__(self) -> "AsyncAccountStream":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def __aiter__(self) -> AsyncIterator[Event]:
        self._iterator = self._events()
        return self._iterator

    async def _events(self) -> AsyncGenerator[Event, None]:
        core = self._core
        try:
            while not self._closed.is_set():
                failure: Exception | None = None
                try:
                    async with aclosing(self._connect()) as frames:
                        async for frame in frames:
                            step = core.on_frame(frame)
                            if isinstance(step, Cut):
                                break
                            if step is not None:
                                yield step
                except (RampartError, RampartConnectionError) as err:
                    if self._closed.is_set():
                        return
                    if core.on_failure(err):
                        continue
                    failure = err
                if self._closed.is_set():
                    return
                await self._unless_closed(self._transport.sleep(core.wait_after(failure)))
        finally:
            self.close()

    async def _connect(self) -> AsyncGenerator[SseFrame, None]:
        """One connection: its frames until it ends, breaks or the stream is closed."""
        headers = self._core.begin(await self._transport.headers())
        try:
            async with self._transport.http.stream("GET", self._core.url, headers=headers, timeout=self._core.timeout) as res:
                if not 200 <= res.status_code < 300:
                    raise error_from_answer(res.status_code, parse(await res.aread()), res.headers)
                self._core.state("live")
                parser = SseParser()
                chunks = res.aiter_bytes().__aiter__()
                while True:
                    try:
                        chunk = await self._unless_closed(chunks.__anext__())
                    except StopAsyncIteration:
                        return
                    if chunk is None:
                        return
                    for frame in parser.push(chunk):
                        yield frame
        except httpx.TransportError as exc:
            raise connection_error(exc, self._core.url, self._core.idle_timeout) from exc

    async def _unless_closed(self, awaitable: Awaitable[T]) -> T | None:
        """The awaitable's result, or None as soon as the stream is closed (the awaitable is then cancelled)."""
        work = asyncio.ensure_future(awaitable)
        closed = asyncio.ensure_future(self._closed.wait())
        try:
            await asyncio.wait({work, closed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (work, closed):
                if not task.done():
                    task.cancel()
        if work.done() and not work.cancelled():
            return work.result()
        await asyncio.gather(work, return_exceptions=True)
        return None
