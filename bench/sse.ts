/** A 'data' handler for a Server-Sent Events response (utf8): calls onBlock with each complete event block. */
export function sseBlocks(onBlock: (block: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      onBlock(block);
    }
  };
}
