"""The account stream as an iterator of events: it reconnects after a drop and continues with Last-Event-ID
from the last event it gave, so no event is lost or given twice."""

from collections.abc import Generator, Iterator
from contextlib import closing

import httpx

from ._core import connection_error, parse
from ._errors import RampartConnectionError, RampartError, error_from_answer
from ._generated.models import Event
from ._sse import SseFrame, SseParser
from ._stream_core import Cut, OnState, StreamCore
from ._sync import SyncTransport


class AccountStream:
    """`for event in client.events.stream(account_id): …` — ends when closed, when the loop breaks, or by raising
    the refusal that ended access (a revoked key, say), which reconnecting would get too."""

    def __init__(
        self,
        transport: SyncTransport,
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
        self._closed = False
        self._response: httpx.Response | None = None
        self._iterator: Generator[Event, None, None] | None = None

    @property
    def last_event_id(self) -> str | None:
        """The id of the last event given: keep it to resume later (`resume=`)."""
        return self._core.last_event_id

    @property
    def connections(self) -> int:
        """Connections made so far (1 + reconnections)."""
        return self._core.connections

    def close(self) -> None:
        """Ends the stream: the iteration finishes (call it from the loop or a signal handler)."""
        self._closed = True
        if self._response is not None:
            self._response.close()

    def __enter__(self) -> "AccountStream":
        return self

    def __exit__(self, *exc: object) -> None:
        """Ends the stream and closes its connection (CPython does it too when a loop breaks and the iterator goes)."""
        self.close()
        if self._iterator is not None:
            self._iterator.close()

    def __iter__(self) -> Iterator[Event]:
        self._iterator = self._events()
        return self._iterator

    def _events(self) -> Generator[Event, None, None]:
        core = self._core
        try:
            while not self._closed:
                failure: Exception | None = None
                try:
                    with closing(self._connect()) as frames:
                        for frame in frames:
                            step = core.on_frame(frame)
                            if isinstance(step, Cut):
                                break
                            if step is not None:
                                yield step
                except (RampartError, RampartConnectionError) as err:
                    if self._closed:
                        return
                    if core.on_failure(err):
                        continue
                    failure = err
                if self._closed:
                    return
                self._transport.sleep(core.wait_after(failure))
        finally:
            self.close()

    def _connect(self) -> Generator[SseFrame, None, None]:
        """One connection: its frames until it ends or breaks."""
        headers = self._core.begin(self._transport.headers())
        try:
            with self._transport.http.stream("GET", self._core.url, headers=headers, timeout=self._core.timeout) as res:
                if not 200 <= res.status_code < 300:
                    raise error_from_answer(res.status_code, parse(res.read()), res.headers)
                self._core.state("live")
                self._response = res
                parser = SseParser()
                for chunk in res.iter_bytes():
                    yield from parser.push(chunk)
        except httpx.TransportError as exc:
            raise connection_error(exc, self._core.url, self._core.idle_timeout) from exc
        except httpx.StreamClosed:
            # close() from a signal handler closed the response under the read.
            return
        finally:
            self._response = None
