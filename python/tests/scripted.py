"""Scripted HTTP answers for httpx.MockTransport: Rampart's answers and refusals, and a handler that plays them."""

import json
from collections.abc import Callable
from typing import Any

import httpx

Answer = httpx.Response | Exception | Callable[[httpx.Request], httpx.Response]


def json_answer(status: int, body: Any, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(status, content=json.dumps(body).encode(), headers={"content-type": "application/json", **(headers or {})})


def refusal(status: int, type_: str, code: str, retryable: bool = False, details: dict[str, Any] | None = None, **headers: str) -> httpx.Response:
    """An error answer as Rampart writes it (Retry-After on retryable ones, as the server sends)."""
    error = {
        "type": type_,
        "code": code,
        "message": f"{code} happened",
        "request_id": "req_test_1",
        "retryable": retryable,
        "doc_url": f"https://docs.rampart.dev/reference/errors#{code}",
        **({"details": details} if details is not None else {}),
    }
    extra = {"retry-after": "1"} if retryable else {}
    extra.update({k.replace("_", "-"): v for k, v in headers.items()})
    return json_answer(status, {"error": error}, {"x-request-id": "req_test_1", **extra})


class Script:
    """A MockTransport handler answering from a list, recording each request."""

    def __init__(self, *answers: Answer) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, Exception):
            raise answer
        return answer(request) if callable(answer) else answer
