// One way to call JSON routes, here and on the API hosts: an answer that is not 2xx becomes an ApiError carrying the
// envelope's code and message, so every page shows refusals the same way (and as the API names them).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null = null,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

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
  } catch {
    throw new ApiError(0, 'network_error', `Could not reach ${new URL(url).host}`);
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
  if (!res.ok) {
    const err = (parsed as { error?: { code?: string; message?: string; request_id?: string; details?: Record<string, unknown> } } | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? `http_${res.status}`, err?.message ?? res.statusText, err?.request_id ?? null, err?.details ?? null);
  }
  return parsed as T;
}

/** A fresh Idempotency-Key for one user action: a retry of the same click reuses it, a new click gets a new one. */
export function idempotencyKey(): string {
  // getRandomValues, not randomUUID: the latter exists only in secure contexts, and a dashboard may be served on plain
  // http inside a private network.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dash-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
