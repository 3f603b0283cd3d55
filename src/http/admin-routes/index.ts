import type { AdminRouteDef } from '../admin-route.js';
import openLiveAccount from './accounts/open-live.js';
import cancelOperatorOrder from './accounts/cancel-order.js';
import placeOperatorOrder from './accounts/place-order.js';
import updateAccount from './accounts/update.js';
import createApp from './apps/create.js';
import listApps from './apps/list.js';
import getClock from './clock/get.js';
import setClock from './clock/set.js';
import getCluster from './cluster/get.js';
import createCustomer from './customers/create.js';
import listCustomers from './customers/list.js';
import setCustomerApiEnabled from './customers/set-api-enabled.js';
import restartEngine from './engine/restart.js';
import updateEnvironment from './environments/update.js';
import setFault from './faults/set.js';
import createKey from './keys/create.js';
import listKeys from './keys/list.js';
import revokeKey from './keys/revoke.js';
import listMarketTicks from './markets/list-ticks.js';
import setMarketPrice from './markets/set-price.js';
import updateMarket from './markets/update.js';
import createNews from './news/create.js';
import listNews from './news/list.js';
import removeNews from './news/remove.js';
import createInvitation from './people/create-invitation.js';
import listMails from './people/list-mails.js';
import issueToken from './tokens/issue.js';
import revokeToken from './tokens/revoke.js';

export { faultApplier } from './faults/fault.js';

/** Every operator route but fault injection, one file each. */
export const adminRoutes: AdminRouteDef[] = [
  listCustomers,
  createCustomer,
  setCustomerApiEnabled,
  createKey,
  listKeys,
  revokeKey,
  issueToken,
  revokeToken,
  openLiveAccount,
  updateAccount,
  placeOperatorOrder,
  cancelOperatorOrder,
  setMarketPrice,
  updateMarket,
  listMarketTicks,
  setClock,
  getClock,
  getCluster,
  updateEnvironment,
  listNews,
  createNews,
  removeNews,
  restartEngine,
  listMails,
  createInvitation,
  createApp,
  listApps,
];

/** Fault injection (faults/), registered only with RAMPART_FAULTS=1. */
export const faultRoutes: AdminRouteDef[] = [setFault];
