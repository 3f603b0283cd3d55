import { describe, expect, it } from 'vitest';
import { signature } from '../../test/helpers/internal-signing.js';
import { macMatches, NodeSigner, parseSignature, type SignatureParts } from './node-signature.js';

const req = { to: 'http://10.0.0.2:8083', method: 'POST', url: '/internal/v1/execute', body: '{"a":1}' };
const parts = (header: string): SignatureParts => {
  const p = parseSignature(header);
  if (typeof p === 'string') throw new Error(`not a signature: ${p}`);
  return p;
};

describe('NodeSigner', () => {
  it('signs as the documented format does, with the nonce it sent', () => {
    const header = new NodeSigner('s3cret', 'node-a', () => 1_700_000_000_000).sign(req);
    const p = parts(header);
    expect(header).toBe(signature({ secret: 's3cret', to: req.to, path: req.url, body: req.body, at: p.signedAt, node: 'node-a', nonce: p.nonce }));
    expect(macMatches('s3cret', p, req)).toBe(true);
    expect(macMatches('s3cret', p, { ...req, body: '{"a":2}' })).toBe(false);
  });

  it('never signs two requests with one nonce, and two signers draw different nonces', () => {
    const a = new NodeSigner('s', 'node-a');
    const b = new NodeSigner('s', 'node-a');
    const nonces = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      nonces.add(parts(a.sign(req)).nonce);
      nonces.add(parts(b.sign(req)).nonce);
    }
    expect(nonces.size).toBe(10_000);
  });
});
