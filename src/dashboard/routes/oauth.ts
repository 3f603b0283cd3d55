import { Type } from 'typebox';
import { ApiError } from '../../errors/api-error.js';
import type { Environment } from '../../schemas/common.js';
import { Access, FenceFields, IdParam, strict } from '../../http/admin-routes/shared.js';
import { defineSessionRoute } from '../session-route.js';

const { name: _name, ...Fences } = FenceFields;
/**
 * The consent: read or trade, the fences a key carries (the end date is the app's), and for the live host the newest
 * `live_app` code emailed to the user (docs/SECURITY.md item 10: nothing reaches live accounts without one).
 */
const ConsentBody = strict({ access: Access, ...Fences, email_code: Type.Optional(Type.String({ maxLength: 32 })) });
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
  handler: async ({ services, oauth, current, params, body, request, reply }) => {
    const { email_code, ...choice } = body;
    // Judged once the request is known to be this browser's and for which host, before anything is granted.
    const confirm = async (environment: Environment) => {
      if (environment === 'sandbox') {
        if (email_code !== undefined) throw new ApiError('invalid_request', { message: 'A sandbox consent takes no email_code.', details: { field: 'email_code' } });
        return;
      }
      if (email_code === undefined) throw new ApiError('email_code_required', { details: { purpose: 'live_app' } });
      await services.people.codes.use(current.user, 'live_app', email_code);
    };
    return oauth.approve(params.uid, current.user, choice, { req: request.raw, res: reply.raw }, confirm);
  },
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
