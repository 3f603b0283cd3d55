import { connect } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import type { Answer } from './server.js';

export interface DashboardCallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send X-CSRF-Token (default: the token the last sign-in, sign-up or GET /session gave). */
  csrf?: string | false;
}

/** A mail as the operator reads it (GET /admin/v1/mails). */
export interface SeenMail {
  to_address: string;
  subject: string;
  body: string;
}

/** The mails sent to an address, newest first (the test server reads them through the operator's API). */
export type Mailbox = (to: string) => Promise<SeenMail[]>;

/** The token of a sign-up link in a mail (`…/verify-email#token=…`). */
export const signUpToken = (mail: SeenMail | undefined): string | undefined => /\/verify-email#token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];

/** The code of a code mail (its subject carries it). */
export const mailedCode = (mail: SeenMail | undefined): string | undefined => /^Your Rampart code: (\d{6})$/.exec(mail?.subject ?? '')?.[1];

/** An HTTP agent whose connections leave from `address` (a loopback address other than 127.0.0.1: another client network). */
function agentFrom(address: string): Agent {
  return new Agent({
    connect: (opts, done) => {
      const socket = connect({ host: opts.hostname, port: Number(opts.port), localAddress: address });
      socket.once('connect', () => done(null, socket));
      socket.once('error', (err) => done(err, null));
    },
  });
}

/**
 * What a browser does for the dashboard's page, in a test: keeps the rampart_session cookie the server sets (and
 * drops it when cleared), and sends the session's CSRF token on every call that changes something. With a mailbox it
 * also reads its mail, as a person would: `signUp` opens the link mailed to the address, `apiToken('live')` asks for
 * and gives the emailed code.
 */
export class DashboardClient {
  cookie: string | undefined;
  csrfToken: string | undefined;
  /** The signed-in user's email (from the last answer that named it). */
  email: string | undefined;
  private readonly agent: Agent | undefined;

  constructor(
    private readonly base: () => string,
    private readonly mailbox?: Mailbox,
    /** Connect from this local address (default: the system's choice, 127.0.0.1). */
    from?: string,
  ) {
    this.agent = from === undefined ? undefined : agentFrom(from);
  }

  async call<T = any>(method: string, path: string, o: DashboardCallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    // Cookies the caller sends besides the session's (another server's, e.g. OAuth's interaction cookie) are kept.
    if (this.cookie !== undefined) headers.cookie = [o.headers?.cookie, `rampart_session=${this.cookie}`].filter(Boolean).join('; ');
    const csrf = o.csrf === undefined ? this.csrfToken : o.csrf;
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const init = { method, headers, ...(body !== undefined ? { body } : {}) };
    const res = this.agent ? await undiciFetch(`${this.base()}${path}`, { ...init, dispatcher: this.agent }) : await fetch(`${this.base()}${path}`, init);
    for (const c of res.headers.getSetCookie()) {
      const m = /^rampart_session=([^;]*)/.exec(c);
      if (m) this.cookie = m[1] === '' ? undefined : m[1];
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      /* not JSON: the assertion that follows will say so */
    }
    const answer = { status: res.status, headers: res.headers as Headers, body: parsed as T };
    const token = (parsed as { csrf_token?: unknown } | undefined)?.csrf_token;
    if (res.ok && typeof token === 'string') this.csrfToken = token;
    const email = (parsed as { user?: { email?: unknown } } | undefined)?.user?.email;
    if (res.ok && typeof email === 'string') this.email = email;
    return answer;
  }

  /**
   * Signs up as a person does: the sign-up, then (when it answers 202 and the newest mail to the address is a sign-up
   * link) the link opened with the same password — so a new address ends signed in, with the confirmation's 201
   * answer. Any other answer (a refusal, 202 for a taken address, 201 with an invitation) is returned as it is.
   */
  async signUp(email: string, password: string, invitation?: string): Promise<Answer> {
    const started = await this.call('POST', '/session/sign-up', { body: { email, password, ...(invitation !== undefined ? { invitation } : {}) } });
    if (started.status !== 202) return started;
    const [newest] = await this.mails(email.trim().toLowerCase());
    const token = signUpToken(newest);
    if (token === undefined) return started;
    return this.call('POST', '/session/sign-up/verify', { body: { token, password } });
  }

  signIn(email: string, password: string) {
    return this.call('POST', '/session/sign-in', { body: { email, password } });
  }

  /**
   * A dashboard token for an environment's API host that trades: for live, with a `live_trade` code asked for and
   * read from the mail (at most one a minute per user: ask again after moving the clock).
   */
  async apiToken(environment: 'live' | 'sandbox'): Promise<string> {
    let email_code: string | undefined;
    if (environment === 'live') {
      const sent = await this.call('POST', '/session/email-codes', { body: { purpose: 'live_trade' } });
      if (sent.status !== 202) throw new Error(`email-codes answered ${sent.status}: ${JSON.stringify(sent.body)}`);
      email_code = await this.newestCode();
    }
    const r = await this.call('POST', '/session/api-tokens', { body: { environment, ...(email_code !== undefined ? { email_code } : {}) } });
    if (r.status !== 201) throw new Error(`api-tokens answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.token as string;
  }

  /** The code of the newest mail to the signed-in user. */
  async newestCode(): Promise<string> {
    if (this.email === undefined) throw new Error('not signed in: no address to read the mail of');
    const code = mailedCode((await this.mails(this.email))[0]);
    if (code === undefined) throw new Error(`no code mailed to ${this.email}`);
    return code;
  }

  /** The mails to an address, newest first. */
  mails(to: string): Promise<SeenMail[]> {
    if (!this.mailbox) throw new Error('this client reads no mail (mails go to an SMTP server here)');
    return this.mailbox(to);
  }

  async close(): Promise<void> {
    await this.agent?.close();
  }
}
