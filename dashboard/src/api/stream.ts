// The account stream read with fetch, not EventSource: EventSource cannot send Authorization. The body is parsed as
// Server-Sent Events (sse.ts); after a drop the stream is opened again with the last id
// seen as Last-Event-ID, so no event is lost or repeated across the gap.
import { ApiError } from './http.js';
import { parseFrames } from './sse.js';
import type { ApiClient } from './client.js';
import type { ApiEvent } from './types.js';

export interface StreamHandlers {
  onEvent: (e: ApiEvent) => void;
  onState: (state: 'connecting' | 'live' | 'retrying', error?: ApiError) => void;
}

/** Follows the account's stream until `stop()`; reconnects with backoff, resuming after the last event seen. */
export function followAccount(client: ApiClient, accountId: string, h: StreamHandlers): { stop: () => void } {
  let stopped = false;
  let lastId: string | null = null;
  let controller: AbortController | null = null;
  let delay = 500;

  const run = async () => {
    while (!stopped) {
      h.onState('connecting');
      controller = new AbortController();
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${await client.bearer()}`, accept: 'text/event-stream' };
        if (lastId !== null) headers['last-event-id'] = lastId;
        const res = await fetch(`${client.baseUrl}/v1/accounts/${encodeURIComponent(accountId)}/stream`, { headers, signal: controller.signal });
        if (!res.ok || !res.body) {
          const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
          const err = new ApiError(res.status, body?.error?.code ?? `http_${res.status}`, body?.error?.message ?? res.statusText);
          if (res.status === 401) client.forget();
          throw err;
        }
        h.onState('live');
        delay = 500;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const { frames, rest } = parseFrames(buffer + value);
          buffer = rest;
          for (const f of frames) {
            if (f.event === 'error') {
              const e = JSON.parse(f.data) as { code: string; message?: string };
              if (e.code === 'expired_token' || e.code === 'revoked_token') client.forget();
              throw new ApiError(0, e.code, e.message ?? e.code);
            }
            if (f.id !== null) lastId = f.id;
            h.onEvent(JSON.parse(f.data) as ApiEvent);
          }
        }
        throw new ApiError(0, 'stream_closed', 'The stream closed');
      } catch (err) {
        if (stopped) return;
        h.onState('retrying', err instanceof ApiError ? err : new ApiError(0, 'network_error', 'The stream dropped'));
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 10_000);
      }
    }
  };
  void run();
  return {
    stop: () => {
      stopped = true;
      controller?.abort();
    },
  };
}
