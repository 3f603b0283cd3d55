import type { TSchema } from 'typebox';
import { Rule } from '../../schemas/common.js';
import { Delivery, EngineRestarted, EngineRestartedEvent, Event, RuleBreach, RuleBreachEvent, RuleVersionChange, RuleVersionEvent, SignalAlertEvent, SignalAlertResult, FillEvent, OrderEvent, PositionEvent, WebhookBody, WebhookCreated, WebhookEndpoint } from './events.js';
import { BreakEvenIn, CancelAllAnswer, Exit, ExitsBody, Fill, Order, PlaceBody, Position, Preview, PreviewBody, StopLossIn, TakeProfitIn } from './orders.js';
import { AlertAccepted, AlertView, Signal, SignalBody } from './signals.js';
import { Account, DeadManSwitch, EquityCurve, EquityPoint, Limits, MarginSetting, Market, Metrics, ProductView, Status } from './resources.js';

/**
 * The names the OpenAPI document gives the schemas that validate and serialize: wherever one of these shapes occurs
 * in a route's body or answer, the document shows `$ref: '#/components/schemas/<name>'` instead of a copy.
 * Lists of a named item (`{data: [Order], …}`) are named `<item>List` and other bodies after their operation.
 */
export const NAMED_SCHEMAS: Record<string, TSchema> = {
  Account,
  AccountMetrics: Metrics,
  Rule,
  Product: ProductView,
  Market,
  Order,
  Exit,
  Position,
  Fill,
  MarginSetting,
  EquityCurve,
  EquityPoint,
  OrderPreview: Preview,
  CancelAllResult: CancelAllAnswer,
  DeadManSwitch,
  Event,
  OrderEvent,
  FillEvent,
  PositionEvent,
  EngineRestartedEvent,
  EngineRestarted,
  RuleBreachEvent,
  RuleBreach,
  RuleVersionEvent,
  RuleVersionChange,
  SignalAlertEvent,
  SignalAlertResult,
  Webhook: WebhookEndpoint,
  WebhookWithSecret: WebhookCreated,
  WebhookDelivery: Delivery,
  Status,
  Limits,
  PlaceOrderRequest: PlaceBody,
  PreviewOrderRequest: PreviewBody,
  TakeProfit: TakeProfitIn,
  StopLoss: StopLossIn,
  BreakEven: BreakEvenIn,
  PositionExitsRequest: ExitsBody,
  WebhookRequest: WebhookBody,
  Signal,
  SignalRequest: SignalBody,
  Alert: AlertView,
  AlertAccepted,
};
