import { Type } from 'typebox';
import { Access, FenceFields, IdParam, strict } from '../../http/admin-routes/shared.js';
import { defineSessionRoute } from '../session-route.js';

const { name: _name, ...Fences } = FenceFields;
/** The consent: read or trade, and the fences a key carries (the end date is the app's). */
const ConsentBody = strict({ access: Access, ...Fences });
const UidParam = strict({ uid: Type.String({ minLength: 1, maxLength: 64 }) });

// The consent routes live under the consent page's path, /consent/{uid}: the browser that started the request
// sends oidc-provider's interaction cookie (whose path is the page's) there only, and these routes require it.

/** What an authorization request asks for (the consent screen): the client, its kind, the API host. */
export const describeRequest = defineSessionRoute({
  method: 'GET',
  url: '/consent/:uid/request',
  session: true,
  schema: { params: UidParam },
  handler: async ({ oauth, params, request, reply }) => oauth.describe(params.uid, { req: request.raw, res: reply.raw }),
});

export const approveRequest = defineSessionRoute({
  method: 'POST',
  url: '/consent/:uid/approve',
  session: true,
  schema: { params: UidParam, body: ConsentBody },
  handler: async ({ oauth, current, params, body, request, reply }) => oauth.approve(params.uid, current.user, body, { req: request.raw, res: reply.raw }),
});

export const denyRequest = defineSessionRoute({
  method: 'POST',
  url: '/consent/:uid/deny',
  session: true,
  schema: { params: UidParam },
  handler: async ({ oauth, params, request, reply }) => oauth.deny(params.uid, { req: request.raw, res: reply.raw }),
});

/** The user's connected apps: the grants in force. */
export const listApps = defineSessionRoute({
  method: 'GET',
  url: '/session/apps',
  session: true,
  schema: {},
  handler: async ({ oauth, current }) => ({ data: await oauth.list(current.user) }),
});

export const revokeApp = defineSessionRoute({
  method: 'DELETE',
  url: '/session/apps/:id',
  session: true,
  schema: { params: IdParam },
  handler: async ({ oauth, current, params }) => oauth.revoke(current.user, params.id),
});

export const oauthRoutes = [describeRequest, approveRequest, denyRequest, listApps, revokeApp];
