import { request, type IncomingHttpHeaders, type ClientRequest, type IncomingMessage } from 'node:http';

export interface Frame {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** How long a test waits for something a stream must send (bounded; nothing here sleeps). */
const WAIT_MS = 5000;

/** A Server-Sent Events client over node:http that keeps every frame and comment it reads. */
export class SseClient {
  readonly frames: Frame[] = [];
  readonly comments: string[] = [];
  status = 0;
  headers: IncomingHttpHeaders = {};
  /** Resolves when the server ended the response ('end') or the connection broke ('aborted'). */
  ended!: Promise<'end' | 'aborted'>;
  /** Resolves when the TCP connection under the stream is closed (by either side). */
  socketClosed!: Promise<void>;
  private buffer = '';
  private waiters: (() => void)[] = [];
  private req!: ClientRequest;
  res!: IncomingMessage;

  static open(base: string, path: string, o: { key: string; headers?: Record<string, string>; paused?: boolean }): Promise<SseClient> {
    const c = new SseClient();
    return new Promise((resolve, reject) => {
      c.req = request(`${base}${path}`, { headers: { authorization: `Bearer ${o.key}`, accept: 'text/event-stream', ...o.headers } }, (res) => {
        c.res = res;
        c.socketClosed = new Promise((done) => res.socket.once('close', () => done()));
        c.status = res.statusCode ?? 0;
        c.headers = res.headers;
        c.ended = new Promise((done) => {
          res.on('end', () => done('end'));
          res.on('aborted', () => done('aborted'));
          res.on('error', () => done('aborted'));
        }).then((how) => {
          c.notify();
          return how as 'end' | 'aborted';
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => c.take(chunk));
        if (o.paused) res.pause();
        resolve(c);
      });
      c.req.on('error', reject);
      c.req.end();
    });
  }

  /** The frames with an event type (but error), parsed. */
  readonly events: { id: string; type: string; data: any }[] = [];

  resume(): void {
    this.res.resume();
  }

  /** Breaks the connection from the client side (a network drop). */
  drop(): void {
    this.req.destroy();
  }

  async waitFor(done: (c: SseClient) => boolean, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!done(this)) {
      if (Date.now() > deadline) throw new Error(`stream: timed out waiting for ${what}; got ${this.frames.length} frames`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  private notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  private take(chunk: string): void {
    this.buffer += chunk;
    let at: number;
    while ((at = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      const frame: Frame = { id: undefined, event: undefined, data: '' };
      let hasField = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          this.comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(': ');
        const field = line.slice(0, colon);
        const value = line.slice(colon + 2);
        if (field === 'id') frame.id = value;
        else if (field === 'event') frame.event = value;
        else if (field === 'data') frame.data += value;
        else continue;
        hasField = true;
      }
      if (!hasField || (frame.event === undefined && frame.data === '')) continue;
      this.frames.push(frame);
      if (frame.event !== undefined && frame.event !== 'error') this.events.push({ id: frame.id ?? '', type: frame.event, data: JSON.parse(frame.data) });
    }
    this.notify();
  }
}
