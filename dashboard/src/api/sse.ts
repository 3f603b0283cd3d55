// Server-Sent Events text (the WHATWG format): frames of id, event and data lines, split by a blank line; comment
// lines (": heartbeat") and unknown fields are skipped; several data lines join with a newline.

export interface Frame {
  id: string | null;
  event: string;
  data: string;
}

/** Splits SSE text into frames; returns the frames complete so far and the unfinished rest. */
export function parseFrames(buffer: string): { frames: Frame[]; rest: string } {
  const frames: Frame[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const f: Frame = { id: null, event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'id') f.id = value;
      else if (field === 'event') f.event = value;
      else if (field === 'data') data.push(value);
    }
    f.data = data.join('\n');
    if (f.data !== '' || f.id !== null) frames.push(f);
  }
  return { frames, rest };
}
