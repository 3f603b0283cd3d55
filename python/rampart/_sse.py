"""Server-Sent Events framing: the fields of each block, as the account stream writes them."""

import codecs
from dataclasses import dataclass


@dataclass
class SseFrame:
    id: str | None = None
    event: str | None = None
    data: str = ""
    # A `retry:` field: the reconnection delay the server asks for, in ms.
    retry: int | None = None


class SseParser:
    """Splits bytes as they arrive into frames; comments (heartbeats) are dropped."""

    def __init__(self) -> None:
        self._buffer = ""
        # A character may be split between two chunks: decode incrementally.
        self._decoder = codecs.getincrementaldecoder("utf-8")()

    def push(self, chunk: bytes) -> list[SseFrame]:
        self._buffer += self._decoder.decode(chunk).replace("\r\n", "\n").replace("\r", "\n")
        frames: list[SseFrame] = []
        while "\n\n" in self._buffer:
            block, self._buffer = self._buffer.split("\n\n", 1)
            frame = SseFrame()
            data: list[str] = []
            any_field = False
            for line in block.split("\n"):
                if line == "" or line.startswith(":"):
                    continue
                name, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if name == "id":
                    frame.id = value
                elif name == "event":
                    frame.event = value
                elif name == "data":
                    data.append(value)
                elif name == "retry" and value.isdigit():
                    frame.retry = int(value)
                else:
                    continue
                any_field = True
            frame.data = "\n".join(data)
            if any_field:
                frames.append(frame)
        return frames
