"""A refusal raises the class of its `type`, carrying the envelope's fields; an answer without the envelope is
classed by its status."""

import typing

import httpx
import pytest
from driver import Driver
from scripted import Script, refusal

import rampart
from rampart._errors import CLASSES, error_from_answer, retry_after_seconds
from rampart.types import ErrorType

CASES = [
    (400, "invalid_request", "invalid_size_step", rampart.InvalidRequestError),
    (401, "authentication", "revoked_api_key", rampart.AuthenticationError),
    (403, "permission", "insufficient_permission", rampart.PermissionDeniedError),
    (404, "not_found", "order_not_found", rampart.NotFoundError),
    (409, "conflict", "order_not_working", rampart.ConflictError),
    (422, "rule_rejection", "insufficient_margin", rampart.RuleRejectionError),
    (429, "rate_limit", "rate_limited", rampart.RateLimitError),
    (500, "server", "internal_error", rampart.ServerError),
    (503, "engine", "engine_busy", rampart.EngineError),
]


def test_every_error_type_of_the_document_has_its_class() -> None:
    assert sorted(CLASSES) == sorted(typing.get_args(ErrorType))
    assert all(issubclass(c, rampart.RampartError) for c in CLASSES.values())


@pytest.mark.parametrize(("status", "type_", "code", "cls"), CASES)
def test_a_refusal_raises_the_class_of_its_type_with_the_envelope(d: Driver, status: int, type_: str, code: str, cls: type) -> None:
    retryable = status >= 429
    details = {"nearest": ["0.001", "0.002"]} if code == "invalid_size_step" else {}
    client = d.client(Script(refusal(status, type_, code, retryable, details)), max_retries=0)
    e = d.raises(cls, lambda: client.orders.get("acc-1", "ord-1"))
    assert (e.status, e.code, e.type, e.retryable) == (status, code, type_, retryable)
    assert e.message == f"{code} happened"
    assert e.request_id == "req_test_1"
    assert e.doc_url == f"https://docs.rampart.dev/reference/errors#{code}"
    assert e.details == details
    assert e.retry_after == (1.0 if retryable else None)
    assert e.headers["x-request-id"] == "req_test_1"
    assert str(e) == f"{code} ({status}): {code} happened [request req_test_1]"


@pytest.mark.parametrize(
    ("status", "cls", "code", "retryable"),
    [
        (401, rampart.AuthenticationError, "invalid_api_key", False),
        (404, rampart.NotFoundError, "route_not_found", False),
        (429, rampart.RateLimitError, "rate_limited", True),
        (502, rampart.ServerError, "temporarily_unavailable", True),
        (500, rampart.ServerError, "internal_error", True),
        (418, rampart.InvalidRequestError, "invalid_request", False),
    ],
)
def test_an_answer_without_the_envelope_is_classed_by_its_status(status: int, cls: type, code: str, retryable: bool) -> None:
    e = error_from_answer(status, "<html>bad gateway</html>", httpx.Headers({"x-request-id": "req_proxy"}))
    assert type(e) is cls
    assert (e.code, e.retryable, e.request_id) == (code, retryable, "req_proxy")
    assert e.message == f"HTTP {status} without an error body"


def test_retry_after_is_read_as_seconds_or_as_an_http_date() -> None:
    assert retry_after_seconds(httpx.Headers({"retry-after": "7"})) == 7.0
    assert retry_after_seconds(httpx.Headers({"retry-after": "Wed, 21 Oct 2015 07:28:10 GMT"}), now=1445412480) == 10.0
    assert retry_after_seconds(httpx.Headers({"retry-after": "Wed, 21 Oct 2015 07:28:10 GMT"}), now=1445412500) == 0.0
    assert retry_after_seconds(httpx.Headers({"retry-after": "soon"})) is None
    assert retry_after_seconds(httpx.Headers({})) is None


def test_no_answer_raises_a_connection_error_which_is_not_a_refusal(d: Driver) -> None:
    client = d.client(Script(httpx.ConnectError("connection refused")), max_retries=0)
    e = d.raises(rampart.RampartConnectionError, lambda: client.accounts.list())
    assert not isinstance(e, rampart.RampartError)
    assert "http://rampart.invalid" in str(e)
    timeout = d.client(Script(httpx.ReadTimeout("timed out")), max_retries=0, timeout=0.5)
    e = d.raises(rampart.RampartTimeoutError, lambda: timeout.accounts.list())
    assert "within 0.5 s" in str(e)
