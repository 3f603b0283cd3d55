import { connect } from 'node:net';
import { expect } from 'vitest';
import { errorType, type CODES } from '../../src/errors/codes.js';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes bytes on a fresh connection and reads until the server closes it (rejects when nothing HTTP came back). */
export function rawExchange(base: string, data: string): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sock = connect(Number(url.port), url.hostname, () => sock.write(data));
    sock.setTimeout(5_000, () => sock.destroy(new Error(`no answer to ${JSON.stringify(data.slice(0, 60))}`)));
    sock.on('data', (c: Buffer) => chunks.push(c));
    sock.on('error', (err) => (chunks.length > 0 ? undefined : reject(err)));
    sock.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer (the socket was closed): ${JSON.stringify(text)}`));
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
  });
}

/** The whole envelope of a raw answer: status, content type, X-Request-Id, every field. Returns the error. */
export function expectRawError(r: RawAnswer, status: number, code: keyof typeof CODES, details?: Record<string, unknown>): any {
  expect(r.status, r.body).toBe(status);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.headers['x-request-id']).toMatch(/^req_/);
  const body = JSON.parse(r.body);
  expect(Object.keys(body)).toEqual(['error']);
  const e = body.error;
  expect(e).toMatchObject({ code, type: errorType(code), retryable: false, request_id: r.headers['x-request-id'] });
  expect(typeof e.message).toBe('string');
  expect(e.message.length).toBeGreaterThan(0);
  expect(e.doc_url).toBe(`https://docs.rampart.dev/reference/errors#${code}`);
  expect(r.headers['retry-after']).toBeUndefined();
  if (details) expect(e.details).toEqual(details);
  return e;
}
