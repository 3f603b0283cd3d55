import { Type } from 'typebox';
import { Access, FenceFields } from '../../http/schemas/credentials.js';
import { strict } from '../../schemas/common.js';

/** The session routes' input shapes that more than one route takes. */

export const Email = Type.String({ minLength: 1, maxLength: 254 });
// Longer than any password taken (200): a longer one is refused as weak_password, with its reason, not as a shape error.
export const Password = Type.String({ maxLength: 1024 });
/** The newest code of its purpose emailed to the user (live keys, live trading tokens, live app consents). */
export const EmailCode = Type.String({ maxLength: 32 });
export const UidParam = strict({ uid: Type.String({ minLength: 1, maxLength: 64 }) });

const { name: _name, ...Fences } = FenceFields;
/**
 * The consent: read or trade, the fences a key carries (the end date is the app's), and for the live host the newest
 * `live_app` code emailed to the user (docs/SECURITY.md item 10: nothing reaches live accounts without one).
 */
export const ConsentBody = strict({ access: Access, ...Fences, email_code: Type.Optional(EmailCode) });
