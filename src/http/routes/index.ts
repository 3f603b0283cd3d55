import type { RouteDef } from '../route.js';
import getAccount from './accounts/get.js';
import listAccounts from './accounts/list.js';
import openAccount from './accounts/open.js';
import listMargin from './margin/list.js';
import getMarket from './markets/get.js';
import listMarkets from './markets/list.js';
import listProducts from './products/list.js';
import limits from './service/limits.js';
import openapi from './service/openapi.js';
import status from './service/status.js';

/** Every public route, in the order the OpenAPI document lists them. */
export const apiRoutes: RouteDef[] = [openapi, status, limits, listMarkets, getMarket, listProducts, openAccount, listAccounts, getAccount, listMargin];
