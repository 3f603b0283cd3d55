// The dashboard host's own routes (/session, /consent) are called with this; the API hosts through the SDK's
// transport (client.ts). Either way a refusal is the SDK's RampartError, carrying the envelope's status, code and
// message, so every page shows refusals the same way (and as the API names them).
import { errorFromAnswer, RampartConnectionError } from '../../../sdk/src/errors.js';

export { RampartError, RampartConnectionError } from '../../../sdk/src/errors.js';
export { newIdempotencyKey } from '../../../sdk/src/ids.js';

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
}

export async function callJson<T>(url: string, method: string, o: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: o.credentials ?? 'omit',
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
  } catch (err) {
    throw new RampartConnectionError(`Could not reach ${new URL(url, location.href).host}`, { cause: err });
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!res.ok) throw errorFromAnswer(res.status, parsed, res.headers);
  return parsed as T;
}
