import type { Answer } from './server.js';

export interface DashboardCallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send X-CSRF-Token (default: the token the last sign-in, sign-up or GET /session gave). */
  csrf?: string | false;
}

/**
 * What a browser does for the dashboard's page, in a test: keeps the rampart_session cookie the server sets (and
 * drops it when cleared), and sends the session's CSRF token on every call that changes something.
 */
export class DashboardClient {
  cookie: string | undefined;
  csrfToken: string | undefined;

  constructor(private readonly base: () => string) {}

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
    const res = await fetch(`${this.base()}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
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
    const answer = { status: res.status, headers: res.headers, body: parsed as T };
    const token = (parsed as { csrf_token?: unknown } | undefined)?.csrf_token;
    if (res.ok && typeof token === 'string') this.csrfToken = token;
    return answer;
  }

  signUp(email: string, password: string, invitation?: string) {
    return this.call('POST', '/session/sign-up', { body: { email, password, ...(invitation !== undefined ? { invitation } : {}) } });
  }

  signIn(email: string, password: string) {
    return this.call('POST', '/session/sign-in', { body: { email, password } });
  }

  /** A dashboard token for an environment's API host. */
  async apiToken(environment: 'live' | 'sandbox'): Promise<string> {
    const r = await this.call('POST', '/session/api-tokens', { body: { environment } });
    if (r.status !== 201) throw new Error(`api-tokens answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.token as string;
  }
}
