"""The Server-Sent Events parser, on chunks cut anywhere."""

from rampart._sse import SseFrame, SseParser

STREAM = "retry: 2000\n\n: heartbeat\n\nid: evt_1\nevent: order.created\ndata: {\"size\":\"0.01\",\"note\":\"é\"}\n\nevent: error\ndata: {\"code\":\"slow_consumer\"}\n\n"


def test_frames_are_the_same_whatever_the_chunks() -> None:
    raw = STREAM.encode()
    whole = SseParser().push(raw)
    assert whole == [
        SseFrame(retry=2000),
        SseFrame(id="evt_1", event="order.created", data='{"size":"0.01","note":"é"}'),
        SseFrame(event="error", data='{"code":"slow_consumer"}'),
    ]
    for size in (1, 2, 3, 7):
        parser = SseParser()
        frames = [f for i in range(0, len(raw), size) for f in parser.push(raw[i : i + size])]
        assert frames == whole, size


def test_crlf_and_multiline_data() -> None:
    assert SseParser().push(b"data: a\r\ndata: b\r\n\r\n") == [SseFrame(data="a\nb")]
