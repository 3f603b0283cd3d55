import type { SessionRouteDef } from '../session-route.js';
import listConnectedApps from './apps/list.js';
import revokeConnectedApp from './apps/revoke.js';
import approveAuthorizationRequest from './consent/approve.js';
import denyAuthorizationRequest from './consent/deny.js';
import describeAuthorizationRequest from './consent/describe.js';
import sendEmailCode from './email-codes/send.js';
import createKey from './keys/create.js';
import listKeys from './keys/list.js';
import revokeKey from './keys/revoke.js';
import changePassword from './session/change-password.js';
import getDashboardConfig from './session/get-config.js';
import getSession from './session/get.js';
import signIn from './session/sign-in.js';
import signOut from './session/sign-out.js';
import signUp from './session/sign-up.js';
import verifySignUp from './session/verify-sign-up.js';
import issueDashboardToken from './tokens/issue.js';

/** Every dashboard route (docs/DASHBOARD.md "Session routes"), in that table's order. */
export const sessionRoutes: SessionRouteDef[] = [
  getDashboardConfig,
  signUp,
  verifySignUp,
  signIn,
  signOut,
  getSession,
  changePassword,
  issueDashboardToken,
  sendEmailCode,
  listKeys,
  createKey,
  revokeKey,
  describeAuthorizationRequest,
  approveAuthorizationRequest,
  denyAuthorizationRequest,
  listConnectedApps,
  revokeConnectedApp,
];
