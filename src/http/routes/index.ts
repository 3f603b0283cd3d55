import type { RouteDef } from '../route.js';
import getAccount from './accounts/get.js';
import listAccounts from './accounts/list.js';
import openAccount from './accounts/open.js';
import listEvents from './events/list.js';
import accountStream from './events/stream.js';
import listFills from './fills/list.js';
import equityHistory from './history/equity.js';
import listMargin from './margin/list.js';
import setMargin from './margin/set.js';
import cancelAll from './orders/cancel-all.js';
import cancelAllAfter from './orders/cancel-all-after.js';
import cancelOrder from './orders/cancel.js';
import editOrder from './orders/edit.js';
import getDeadManSwitch from './orders/dead-man-switch.js';
import getOrder from './orders/get.js';
import listOrders from './orders/list.js';
import placeOrder from './orders/place.js';
import previewOrder from './orders/preview.js';
import closeAll from './positions/close-all.js';
import closePosition from './positions/close.js';
import putExits from './positions/exits.js';
import getPosition from './positions/get.js';
import listPositions from './positions/list.js';
import positionMargin from './positions/margin.js';
import getMarket from './markets/get.js';
import listMarkets from './markets/list.js';
import listProducts from './products/list.js';
import limits from './service/limits.js';
import openapi from './service/openapi.js';
import status from './service/status.js';
import createWebhook from './webhooks/create.js';
import deleteWebhook from './webhooks/delete.js';
import listDeliveries from './webhooks/deliveries.js';
import listWebhooks from './webhooks/list.js';
import receiveAlert from './alerts/receive.js';
import createSignal from './signals/create.js';
import listSignalDeliveries from './signals/deliveries.js';
import listSignals from './signals/list.js';
import revokeSignal from './signals/revoke.js';

/** Every public route, in the order the OpenAPI document lists them. */
export const apiRoutes: RouteDef[] = [
  openapi, status, limits, listMarkets, getMarket, listProducts, openAccount,
  listAccounts,
  getAccount,
  placeOrder,
  previewOrder,
  cancelAll,
  cancelAllAfter,
  getDeadManSwitch,
  listOrders,
  getOrder,
  cancelOrder,
  editOrder,
  listPositions,
  closeAll,
  getPosition,
  closePosition,
  putExits,
  positionMargin,
  listFills,
  equityHistory,
  listMargin,
  setMargin,
  listEvents,
  accountStream,
  createWebhook,
  listWebhooks,
  deleteWebhook,
  listDeliveries,
  createSignal,
  listSignals,
  revokeSignal,
  listSignalDeliveries,
  receiveAlert,
];
