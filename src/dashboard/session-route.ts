import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Config } from '../config/config.js';
import type { Limiter } from '../http/plugins/rate-limit.js';
import type { OAuthGrants } from '../services/oauth/grants.js';
import type { Services } from '../compose.js';
import type { OpenSession } from '../services/people/sessions.js';

export interface SessionRouteSchemas {
  body?: TSchema;
  params?: TSchema;
}

type In<S, K extends keyof SessionRouteSchemas> = S extends { [P in K]: infer T extends TSchema } ? Static<T> : undefined;

/** What /session routes call: the dashboard's people, the keys they make, the credentials they look up. */
export type SessionServices = Pick<Services, 'people' | 'keys' | 'credentials' | 'clock'>;

export interface SessionDeps {
  services: SessionServices;
  config: Config;
  /** The API's limiter: sign-in, sign-up and its confirmation spend the caller's sign_in budget. */
  limiter: Limiter | undefined;
  /** The dashboard's origin (scheme://host[:port]): Origin headers are judged against it. */
  origin: string;
  /** The cookie gets Secure when the dashboard is served over https. */
  secure: boolean;
  /** The OAuth authorization server's grants (consent, connected apps). */
  oauth: OAuthGrants;
}

export interface SessionContext<S extends SessionRouteSchemas, Signed extends boolean> extends SessionDeps {
  request: FastifyRequest;
  reply: FastifyReply;
  body: In<S, 'body'>;
  params: In<S, 'params'>;
  /** The caller's session (routes with `session: true`). */
  current: Signed extends true ? OpenSession : undefined;
}

/**
 * One /session route, declared as data (as the operator API's admin-route.ts): whether it needs a session, and
 * whether it changes something (then CSRF: the X-CSRF-Token header and the Origin).
 */
export interface SessionRouteDef<S extends SessionRouteSchemas = SessionRouteSchemas, Signed extends boolean = boolean> {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  session: Signed;
  schema: S;
  handler(ctx: SessionContext<S, Signed>): Promise<unknown>;
}

export const defineSessionRoute = <S extends SessionRouteSchemas, Signed extends boolean>(def: SessionRouteDef<S, Signed>): SessionRouteDef =>
  def as unknown as SessionRouteDef;
