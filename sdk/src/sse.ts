// Server-Sent Events framing: the fields of each block, as the account stream writes them.

export interface SseFrame {
  id: string | undefined;
  event: string | undefined;
  data: string;
  /** A `retry:` field: the reconnection delay the server asks for, in ms. */
  retry: number | undefined;
}

/** Splits text as it arrives into frames; comments (heartbeats) are dropped. */
export class SseParser {
  private buffer = '';

  push(chunk: string): SseFrame[] {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    const frames: SseFrame[] = [];
    let at: number;
    while ((at = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      const frame: SseFrame = { id: undefined, event: undefined, data: '', retry: undefined };
      const data: string[] = [];
      let any = false;
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'id') frame.id = value;
        else if (field === 'event') frame.event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) frame.retry = Number(value);
        else continue;
        any = true;
      }
      frame.data = data.join('\n');
      if (any) frames.push(frame);
    }
    return frames;
  }
}
