// The account stream through the SDK's AccountStream (sdk/src/stream.ts): fetch, not EventSource (EventSource cannot
// send Authorization), parsed as Server-Sent Events, reopened after a drop with the last id seen as Last-Event-ID, so
// no event is lost or repeated across the gap; a stale token is replaced by the client's token source. A refusal the
// SDK does not retry by itself (the account gone, the token's access) is shown and the stream tried again later.
import { AccountStream } from '../../../sdk/src/stream.js';
import type { ApiClient } from './client.js';
import type { ApiEvent } from './types.js';

export type StreamState = 'connecting' | 'live' | 'retrying';

export interface StreamHandlers {
  onEvent: (e: ApiEvent) => void;
  onState: (state: StreamState, error?: unknown) => void;
}

/** Follows the account's stream until `stop()`; reconnects with backoff, resuming after the last event seen. */
export function followAccount(client: ApiClient, accountId: string, h: StreamHandlers): { stop: () => void } {
  const abort = new AbortController();
  let resume: string | undefined;
  let delay = 500;

  const run = async () => {
    while (!abort.signal.aborted) {
      const stream = new AccountStream(client.sdk.transport, accountId, {
        signal: abort.signal,
        ...(resume !== undefined ? { resume } : {}),
        onState: (state, error) => {
          if (state === 'live') delay = 500;
          h.onState(state, error);
        },
      });
      try {
        for await (const e of stream) {
          resume = stream.lastEventId;
          h.onEvent(e as unknown as ApiEvent);
        }
      } catch (err) {
        if (abort.signal.aborted) return;
        resume = stream.lastEventId ?? resume;
        h.onState('retrying', err);
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 10_000);
      }
    }
  };
  void run();
  return { stop: () => abort.abort() };
}
