"""What the sync and the async account streams share, without I/O: where and how to connect, what each frame
means, and whether and when to reconnect after a connection ended."""

import json
from collections.abc import Callable, Mapping
from typing import Any, Literal

import httpx

from ._core import TransportConfig, build_url
from ._errors import STATUS_OF_TYPE, RampartConnectionError, RampartError, error_from_answer, is_stale_token
from ._generated.models import Event
from ._generated.operations import OPERATIONS
from ._retry import retry_delay
from ._sse import SseFrame

StreamState = Literal["connecting", "live", "retrying"]
OnState = Callable[[StreamState, BaseException | None], None]


class Cut:
    """The server cut a consumer too slow to take the events: reconnect and continue from the last event."""


CUT = Cut()


class StreamCore:
    def __init__(
        self,
        config: TransportConfig,
        account_id: str,
        *,
        resume: str | None,
        max_reconnects: int | None,
        idle_timeout: float,
        on_state: OnState | None,
    ) -> None:
        self.config = config
        self.url = build_url(config.base_url, OPERATIONS["streamAccount"].path, {"account_id": account_id})
        # The id of the last event given: sent as Last-Event-ID on reconnecting, and kept by callers to resume later.
        self.last_event_id = resume
        self.connections = 0
        self.max_reconnects = max_reconnects
        # Nothing at all (not even the 15 s heartbeat) for this long means the connection is dead: reconnect.
        self.idle_timeout = idle_timeout
        self.timeout = httpx.Timeout(config.timeout, connect=min(idle_timeout, config.timeout), read=idle_timeout)
        self.on_state = on_state
        # The server's `retry:` delay (seconds), until it says one.
        self.reconnect = 2.0
        self.failures = 0
        self.renewed = False
        self.received = False

    def state(self, state: StreamState, error: BaseException | None = None) -> None:
        if self.on_state is not None:
            self.on_state(state, error)

    def begin(self, base_headers: Mapping[str, str]) -> dict[str, str]:
        """A new connection: its headers (Last-Event-ID from the last event given)."""
        self.connections += 1
        self.received = False
        self.state("connecting")
        headers = {**base_headers, "accept": "text/event-stream"}
        if self.last_event_id is not None:
            headers["last-event-id"] = self.last_event_id
        return headers

    def on_frame(self, frame: SseFrame) -> Event | Cut | None:
        """The event a frame carries, CUT, or None (nothing to give); raises the refusal of an `error` frame."""
        if frame.retry is not None:
            self.reconnect = frame.retry / 1000
        if frame.event is None and frame.data == "":
            return None
        self.received = True
        if frame.event == "error":
            body: dict[str, Any] = json.loads(frame.data)
            if body.get("code") == "slow_consumer":
                return CUT
            raise error_from_answer(STATUS_OF_TYPE.get(str(body.get("type")), 400), {"error": body}, httpx.Headers())
        if frame.id is not None:
            self.last_event_id = frame.id
        event: Event = json.loads(frame.data)
        return event

    def on_failure(self, error: Exception) -> bool:
        """A connection failed: True to reconnect at once (a token source's token went stale, once in a row);
        False to reconnect after a wait; raises the error when reconnecting would be refused too."""
        if is_stale_token(error) and not self.renewed and self.config.renew():
            self.renewed = True
            return True
        if not isinstance(error, RampartConnectionError) and not (
            isinstance(error, RampartError) and error.retryable and error.status >= 429
        ):
            raise error
        return False

    def wait_after(self, failure: BaseException | None) -> float:
        """The wait before reconnecting: the server's `retry:` delay, then backoff if reconnecting keeps failing."""
        if self.received:
            self.renewed = False
        self.failures = 0 if self.received else self.failures + 1
        if self.max_reconnects is not None and self.failures > self.max_reconnects:
            raise RampartConnectionError(f"the account stream did not reconnect after {self.failures} tries") from failure
        self.state("retrying", failure)
        if self.failures <= 1:
            return self.reconnect
        return max(self.reconnect, retry_delay(self.config.retry, self.failures, None) or self.reconnect)
