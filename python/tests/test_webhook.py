"""verify_webhook: Standard Webhooks signatures, checked in constant time, with a timestamp tolerance. A real
delivery of the server is verified in test_live_webhooks.py."""

import base64
import email.message
import hashlib
import hmac
import json

import pytest

from rampart import WebhookVerificationError, verify_webhook

# The Standard Webhooks reference vector (the standardwebhooks library signs it so).
SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
BODY = '{"test": 2432232314}'
HEADERS = {
    "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
    "webhook-timestamp": "1614265330",
    "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
}
SENT = 1614265330


def sign(secret: str, msg_id: str, timestamp: str, body: str) -> str:
    key = base64.b64decode(secret.removeprefix("whsec_"))
    return "v1," + base64.b64encode(hmac.new(key, f"{msg_id}.{timestamp}.{body}".encode(), hashlib.sha256).digest()).decode()


def test_verifies_the_reference_vector_from_bytes_str_and_any_header_source() -> None:
    assert verify_webhook(BODY, HEADERS, SECRET, now=SENT) == {"test": 2432232314}
    assert verify_webhook(BODY.encode(), {k.title(): v for k, v in HEADERS.items()}, SECRET, now=SENT) == {"test": 2432232314}
    message = email.message.Message()  # what http.server gives a handler as self.headers
    for k, v in HEADERS.items():
        message[k] = v
    assert verify_webhook(BODY, message, SECRET, now=SENT) == {"test": 2432232314}
    assert verify_webhook(BODY, list(HEADERS.items()), SECRET, now=SENT) == {"test": 2432232314}


def test_one_matching_signature_of_several_is_enough_while_a_secret_rotates() -> None:
    other = "whsec_" + base64.b64encode(b"\x01" * 32).decode()
    rotated = {**HEADERS, "webhook-signature": f"{sign(other, HEADERS['webhook-id'], HEADERS['webhook-timestamp'], BODY)} {HEADERS['webhook-signature']}"}
    assert verify_webhook(BODY, rotated, SECRET, now=SENT) == {"test": 2432232314}


@pytest.mark.parametrize(
    ("body", "headers", "secret", "now", "why"),
    [
        (BODY.replace("2432232314", "1"), HEADERS, SECRET, SENT, "no webhook-signature matches"),
        (BODY, HEADERS, "whsec_" + base64.b64encode(b"\x01" * 32).decode(), SENT, "no webhook-signature matches"),
        (BODY, {**HEADERS, "webhook-id": "msg_forged"}, SECRET, SENT, "no webhook-signature matches"),
        (BODY, {**HEADERS, "webhook-signature": "v2,abc"}, SECRET, SENT, "no webhook-signature matches"),
        (BODY, {k: v for k, v in HEADERS.items() if k != "webhook-signature"}, SECRET, SENT, "missing"),
        (BODY, {**HEADERS, "webhook-timestamp": "16142x"}, SECRET, SENT, "not a number"),
        (BODY, HEADERS, SECRET, SENT + 301, "tolerance"),
        (BODY, HEADERS, SECRET, SENT - 301, "tolerance"),
    ],
)
def test_refuses_what_does_not_check_out(body: str, headers: dict[str, str], secret: str, now: int, why: str) -> None:
    with pytest.raises(WebhookVerificationError, match=why):
        verify_webhook(body, headers, secret, now=now)


def test_the_tolerance_can_be_widened_and_the_event_is_parsed_only_once_verified() -> None:
    assert verify_webhook(BODY, HEADERS, SECRET, now=SENT + 299) == json.loads(BODY)
    assert verify_webhook(BODY, HEADERS, SECRET, now=SENT + 600, tolerance=900) == json.loads(BODY)
