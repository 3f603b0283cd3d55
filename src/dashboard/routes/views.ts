import { userView } from '../../services/people/users.js';
import type { CustomerRecord, SessionRecord, UserRecord } from '../../store/port.js';

export const customerView = (c: CustomerRecord) => ({ id: c.id, number: c.number, name: c.name, api_enabled: c.api_enabled, created_at: c.created_at });

/** What sign-up, sign-in and GET /session answer: the person, their customer, and the session's CSRF token. */
export const sessionView = (user: UserRecord, customer: CustomerRecord, session: SessionRecord) => ({
  user: userView(user),
  customer: customerView(customer),
  csrf_token: session.csrf_token,
});
