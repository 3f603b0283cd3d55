import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORWARD_HEADER, forwardMeta, headerLines, headersToForward, parseForwardMeta } from './forward-wire.js';

describe('the forwarded request on the wire (docs/DEPLOYMENT.md "Forwarded requests")', () => {
  const raw = [
    'Host', 'rampart.example', 'Authorization', 'Bearer a', 'Connection', 'keep-alive', 'Idempotency-Key', 'k1',
    'authorization', 'Bearer b', 'Content-Length', '2', 'x-rampart-signature', 'forged', 'X-Rampart-Forward', 'live acc_1 1.2.3.4',
    'Transfer-Encoding', 'chunked', 'Expect', '100-continue', 'Content-Type', 'application/json',
  ];

  it('sends on the client headers in their order with their repeats, less the hop headers, any signature and any forward header', () => {
    expect(headersToForward(raw)).toEqual(['Authorization', 'Bearer a', 'Idempotency-Key', 'k1', 'authorization', 'Bearer b', 'Content-Type', 'application/json']);
  });

  it('signs the headers as sent, names in lower case, the forward header included and the hop headers and signature not', () => {
    const sent = [...headersToForward(raw), FORWARD_HEADER, 'live acc_1 1.2.3.4'];
    expect(headerLines(sent)).toBe('authorization:Bearer a\nidempotency-key:k1\nauthorization:Bearer b\ncontent-type:application/json\nx-rampart-forward:live acc_1 1.2.3.4\n');
    // What the receiver reads: the same headers, with the ones its HTTP client and the signer added around them.
    const received = ['host', '10.0.0.2:8091', 'connection', 'keep-alive', ...sent, 'content-length', '2', 'x-rampart-signature', 't=1'];
    expect(headerLines(received)).toBe(headerLines(sent));
  });

  it('carries any client address the node judged, and reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.constantFrom('live', 'sandbox' as const), fc.stringMatching(/^acc_[A-Za-z0-9]{1,30}$/), fc.string({ minLength: 1, maxLength: 60 }), (environment, accountId, clientIp) => {
        const value = forwardMeta({ environment, accountId, clientIp });
        expect(value).not.toMatch(/[\r\n]/);
        expect(parseForwardMeta(value)).toEqual({ environment, accountId, clientIp });
      }),
    );
  });

  it('refuses a header not of its form', () => {
    for (const bad of [undefined, ['live acc_1 1.2.3.4'], '', 'live acc_1', 'staging acc_1 1.2.3.4', 'live acc_1 1.2.3.4 extra', 'live acc/1 1.2.3.4', 'live acc_1 %E0%A4%A', `live acc_1 ${'1'.repeat(301)}`]) {
      expect(parseForwardMeta(bad)).toBeNull();
    }
  });
});
