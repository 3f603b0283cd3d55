"""The account stream, the connection seen from the client: it reconnects after a drop, a slow_consumer cut or a
silent connection, from the last event (Last-Event-ID), after the server's retry: delay; it ends with a refusal
that reconnecting would get too. A real server's stream is followed in test_live_stream.py."""

import asyncio
import http.server
import signal
import threading
from collections.abc import Callable

import httpx
import pytest
from driver import Driver
from scripted import Script, refusal

import rampart


def frame(event_id: str) -> bytes:
    return f'id: {event_id}\nevent: order.created\ndata: {{"id":"{event_id}","type":"order.created","data":{{"id":"ord_{event_id}"}}}}\n\n'.encode()


def connections(d: Driver, *bodies: list[bytes | Exception] | httpx.Response) -> Script:
    """Each connection answered with the next body (its parts, then its end) or answer."""

    def answer(parts: list[bytes | Exception] | httpx.Response) -> Callable[[httpx.Request], httpx.Response]:
        if isinstance(parts, httpx.Response):
            return lambda _: parts
        return lambda _: httpx.Response(200, headers={"content-type": "text/event-stream"}, content=d.body(parts))  # type: ignore[arg-type]

    return Script(*[answer(b) for b in bodies])


def test_reconnects_after_a_slow_consumer_cut_and_a_silent_connection_from_the_last_event(d: Driver) -> None:
    script = connections(
        d,
        [b"retry: 1500\n\n", frame("evt_test_1"), b'event: error\ndata: {"code":"slow_consumer"}\n\n'],
        # Nothing for idle_timeout: the read times out.
        [b": heartbeat\n\n", frame("evt_test_2"), httpx.ReadTimeout("idle")],
        [frame("evt_test_3")],
    )
    client = d.client(script)
    stream = client.events.stream("acc-1", idle_timeout=0.05)
    assert [e["id"] for e in d.take(stream, 3)] == ["evt_test_1", "evt_test_2", "evt_test_3"]
    assert [r.headers.get("last-event-id") for r in script.requests] == [None, "evt_test_1", "evt_test_2"]
    assert all(r.headers["accept"] == "text/event-stream" and r.headers["authorization"] == "Bearer rk_test_x" for r in script.requests)
    assert str(script.requests[0].url) == "http://rampart.invalid/v1/accounts/acc-1/stream"
    assert d.waits == [1.5, 1.5]
    assert (stream.last_event_id, stream.connections) == ("evt_test_3", 3)


def test_a_dropped_connection_is_resumed_and_resume_sets_the_first_last_event_id(d: Driver) -> None:
    script = connections(d, [frame("evt_test_5"), httpx.RemoteProtocolError("peer closed connection")], [frame("evt_test_6")])
    stream = d.client(script).events.stream("acc-1", resume="evt_test_4")
    assert [e["id"] for e in d.take(stream, 2)] == ["evt_test_5", "evt_test_6"]
    assert [r.headers.get("last-event-id") for r in script.requests] == ["evt_test_4", "evt_test_5"]
    assert d.waits == [2.0]


def test_ends_with_the_refusal_the_server_sends_when_access_ends(d: Driver) -> None:
    revoked = b'event: error\ndata: {"type":"authentication","code":"revoked_api_key","message":"The key was revoked","request_id":"req_1","retryable":false,"doc_url":"https://docs.rampart.dev/reference/errors#revoked_api_key"}\n\n'
    script = connections(d, [frame("evt_test_1"), revoked])
    stream = d.client(script).events.stream("acc-1")
    got: list[str] = []
    with pytest.raises(rampart.AuthenticationError) as info:
        d.take(stream, on_event=lambda e: got.append(e["id"]))
    assert got == ["evt_test_1"]
    assert (info.value.code, info.value.status) == ("revoked_api_key", 401)
    assert len(script.requests) == 1


def test_a_refused_connection_raises_unless_retryable_and_max_reconnects_gives_up(d: Driver) -> None:
    script = connections(d, refusal(404, "not_found", "account_not_found"))
    with pytest.raises(rampart.NotFoundError):
        d.take(d.client(script).events.stream("acc-1"))
    busy = connections(d, refusal(503, "server", "capacity", True))
    with pytest.raises(rampart.RampartConnectionError, match="did not reconnect after 3 tries"):
        d.take(d.client(busy).events.stream("acc-1", max_reconnects=2))
    assert len(busy.requests) == 3
    # The retry: delay first, then the backoff when reconnecting keeps failing.
    assert d.waits[0] == 2.0
    assert 2.0 <= d.waits[1]


def test_on_state_tells_connecting_live_and_retrying_with_why(d: Driver) -> None:
    states: list[tuple[str, str | None]] = []
    script = connections(d, [httpx.ReadError("reset")], [frame("evt_test_1")])
    stream = d.client(script).events.stream("acc-1", on_state=lambda s, e: states.append((s, type(e).__name__ if e else None)))
    d.take(stream, 1)
    assert states == [("connecting", None), ("live", None), ("retrying", "RampartConnectionError"), ("connecting", None), ("live", None)]


def test_close_from_another_task_ends_a_read_in_progress() -> None:
    release = asyncio.Event()

    async def silent() -> object:
        yield frame("evt_test_1")
        await release.wait()

    async def main() -> tuple[list[str], int]:
        script = Script(lambda _: httpx.Response(200, headers={"content-type": "text/event-stream"}, content=silent()))
        async with rampart.AsyncClient("rk_test_x", base_url="http://rampart.invalid", http_client=httpx.AsyncClient(transport=httpx.MockTransport(script))) as c:
            stream = c.events.stream("acc-1")
            got: list[str] = []

            async def read() -> None:
                async for e in stream:
                    got.append(e["id"])
                    asyncio.get_running_loop().call_soon(stream.close)

            await asyncio.wait_for(read(), 5)
            return got, len(script.requests)

    assert asyncio.run(main()) == (["evt_test_1"], 1)


def test_close_from_a_signal_handler_ends_a_blocked_read() -> None:
    release = threading.Event()

    class Hanging(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.end_headers()
            self.wfile.write(frame("evt_test_1"))
            self.wfile.flush()
            release.wait(10)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hanging)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with rampart.Client("rk_test_x", base_url=f"http://127.0.0.1:{server.server_address[1]}") as client:
            stream = client.events.stream("acc-1")
            got: list[str] = []
            previous = signal.signal(signal.SIGALRM, lambda *_: stream.close())
            try:
                for event in stream:
                    got.append(event["id"])
                    # The next read blocks (the server sends nothing more): the alarm's handler closes the stream.
                    signal.setitimer(signal.ITIMER_REAL, 0.2)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
            assert got == ["evt_test_1"]
            assert stream.connections == 1
    finally:
        release.set()
        server.shutdown()
        server.server_close()
