import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { HoldingProxy } from '../helpers/holding-proxy.js';

/** The cut-off suite's proxy: bytes held both ways while the link is cut, then delivered in order, a close too. */
let echo: Server | undefined;
let proxy: HoldingProxy | undefined;
afterAll(async () => {
  await proxy?.close();
  await new Promise((r) => (echo ? echo.close(r) : r(undefined)));
});

function reader(s: Socket): { text: () => string; ended: () => boolean } {
  let text = '';
  let ended = false;
  s.on('data', (d) => (text += d.toString()));
  s.on('end', () => (ended = true));
  return { text: () => text, ended: () => ended };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('HoldingProxy', () => {
  it('holds what either end sends while cut, opens nothing new meanwhile, then delivers it all, end included', async () => {
    const server = createServer((s) => {
      s.on('data', (d) => s.write(`echo:${d.toString()}`));
      s.on('end', () => s.end('bye'));
    });
    echo = server;
    const port = await new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port)));
    const p = await HoldingProxy.start({ host: '127.0.0.1', port });
    proxy = p;
    const a = connect(p.port, '127.0.0.1');
    const ra = reader(a);
    a.write('one');
    for (let i = 0; i < 50 && ra.text() === ''; i++) await sleep(20);
    expect(ra.text()).toBe('echo:one');

    const healed = p.hold(600);
    a.write('two');
    a.end();
    const b = connect(p.port, '127.0.0.1');
    const rb = reader(b);
    b.write('new');
    await sleep(400);
    expect(p.cut).toBe(true);
    expect([ra.text(), ra.ended(), rb.text()]).toEqual(['echo:one', false, '']);
    await healed;
    for (let i = 0; i < 100 && !(ra.ended() && rb.text() !== ''); i++) await sleep(20);
    expect([ra.text(), ra.ended(), rb.text()]).toEqual(['echo:oneecho:twobye', true, 'echo:new']);
    b.destroy();
  });
});
