import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliOn } from '../helpers/cli.js';
import { TestServer } from '../helpers/server.js';

const PASSWORD = 'correct horse battery';

/** A mail's text as written: quoted-printable soft line breaks joined and escapes decoded (long lines are wrapped). */
const quotedPrintable = (data: string): string =>
  data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A local SMTP server (the smtp-server package) keeping what it receives. */
async function smtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('dashboard mail over SMTP (RAMPART_SMTP_URL)', { timeout: 60_000 }, () => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await smtpServer();
    s = await TestServer.start({ env: { RAMPART_SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('sends the sign-up link and the live-key code to the user over SMTP, and keeps nothing in the store', async () => {
    const d = s.dashboard();
    expect((await d.signUp('smtp@example.com', PASSWORD)).status).toBe(202);
    expect(smtp.received).toHaveLength(1);
    const token = /\/verify-email#token=([A-Za-z0-9_-]+)/.exec(quotedPrintable(smtp.received[0]!.data))?.[1];
    expect(token, smtp.received[0]!.data).toBeDefined();
    expect((await d.call('POST', '/session/sign-up/verify', { body: { token, password: PASSWORD } })).status).toBe(201);
    const sent = await d.call('POST', '/session/email-codes', { body: { purpose: 'live_key' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(smtp.received).toHaveLength(2);
    const mail = smtp.received[1]!;
    expect(mail.to).toEqual(['smtp@example.com']);
    expect(mail.from).toBe('no-reply@rampart.local');
    const code = /Subject: Your Rampart code: (\d{6})/.exec(mail.data)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await s.services.store.listMails(10)).toEqual([]);
    const made = await d.call('POST', '/session/keys', { body: { environment: 'live', access: 'read', email_code: code } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });
});

describe('dashboard mail kept in the store (no RAMPART_SMTP_URL)', { timeout: 120_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await TestServer.start();
  });
  afterAll(() => s.close());

  it('lists kept mails with `rampart mail list` and GET /admin/v1/mails, newest first', async () => {
    const d = s.dashboard();
    expect((await d.signUp('kept@example.com', PASSWORD)).status).toBe(201);
    expect((await d.call('POST', '/session/email-codes', { body: { purpose: 'live_key' } })).status).toBe(202);
    const api = await s.admin('GET', '/admin/v1/mails');
    expect(api.status).toBe(200);
    expect(api.body.data).toHaveLength(2);
    expect(api.body.data[0]).toMatchObject({ to_address: 'kept@example.com', subject: expect.stringMatching(/^Your Rampart code: \d{6}$/), id: expect.stringMatching(/^mail_/) });
    expect(api.body.data[1]).toMatchObject({ to_address: 'kept@example.com', subject: 'Confirm your email for Rampart' });
    const cli = await cliOn(s, 'mail', 'list');
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.out).toEqual(api.body.data);
  });

  it('invites with `rampart users invite` (the invitation mailed), as POST /admin/v1/invitations does', async () => {
    const customer = await s.customer('Invited Ltd');
    const cli = await cliOn(s, 'users', 'invite', '--email', 'Joiner@Example.com', '--customer', customer.id);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.out).toMatchObject({ email: 'joiner@example.com', customer_id: customer.id, token: expect.stringMatching(/^rinv_/) });
    const mail = (await s.services.store.listMails(10)).find((m) => m.to_address === 'joiner@example.com');
    expect(mail?.body).toContain(cli.out.token);
    const r = await s.dashboard().signUp('joiner@example.com', PASSWORD, cli.out.token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.customer.id).toBe(customer.id);
    const bad = await cliOn(s, 'users', 'invite', '--email', 'x@example.com', '--customer', 'cus_nope');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/route_not_found/);
  });
});
