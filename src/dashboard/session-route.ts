import type { Config } from '../config/config.js';
import type { ErrorCode } from '../errors/codes.js';
import type { Limiter } from '../http/plugins/rate-limit.js';
import { codesOf, inputCodes, type InputSchemas, type RouteDefinition } from '../http/route-definition.js';
import type { OAuthGrants } from '../services/oauth/grants.js';
import type { Services } from '../compose.js';
import type { OpenSession } from '../services/people/sessions.js';

/** Session routes take a body and path parameters, never a query string. */
export type SessionRouteSchemas = Omit<InputSchemas, 'querystring'>;

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

export type SessionContext<Signed extends boolean> = SessionDeps & {
  /** The caller's session (routes with `session: true`). */
  current: Signed extends true ? OpenSession : undefined;
};

/**
 * One dashboard route (/session, /consent), in the one route convention (route-definition.ts): whether it needs a
 * session; a route that changes something (any method but GET) is judged for CSRF (the Origin, and with a session
 * the X-CSRF-Token header).
 */
export interface SessionRouteDef<S extends SessionRouteSchemas = SessionRouteSchemas, Signed extends boolean = boolean>
  extends RouteDefinition<S, SessionContext<Signed>> {
  session: Signed;
}

export const defineSessionRoute = <S extends SessionRouteSchemas, Signed extends boolean>(def: SessionRouteDef<S, Signed>): SessionRouteDef =>
  def as unknown as SessionRouteDef;

/** Codes any session route can answer: the request checks, CSRF where it changes something, the session where it needs one. */
export function sessionCommonCodes(def: SessionRouteDef): ErrorCode[] {
  const codes: ErrorCode[] = ['invalid_request', 'uri_too_long', 'unknown_field', 'internal_error'];
  if (def.method !== 'GET') codes.push('csrf_failed');
  if (def.session) codes.push('session_required');
  return [...codes, ...inputCodes(def.schema)];
}

export function sessionRouteCodes(def: SessionRouteDef): ErrorCode[] {
  return codesOf(sessionCommonCodes(def), def);
}
