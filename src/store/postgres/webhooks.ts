import type { Environment } from '../../schemas/common.js';
import type { AttemptRow, DeliveryClaim, DeliveryClaimRequest, DeliveryRow, WebhookRecord, WebhookReads, WebhookWrites } from '../port.js';
import { attemptValues, deliveryValues, toAttempt, toDelivery, toWebhook, WEBHOOK_SQL, webhookValues } from '../sql/webhooks.js';
import type { Q } from './durability.js';

export function webhookReads(q: Q): WebhookReads {
  const deliveries = async (sql: string, params: unknown[]) => (await q.rows(sql, params)).map(toDelivery);
  return {
    getWebhook: async (id: string) => (await q.rows(WEBHOOK_SQL.byId, [id])).map(toWebhook)[0],
    listWebhooks: async (customerId: string, environment: Environment, afterId: string | undefined, limit: number) => {
      const after = afterId ? Number((await q.rows<{ seq: number }>(WEBHOOK_SQL.seqOf, [afterId]))[0]?.seq ?? -1) : 0;
      return (await q.rows(WEBHOOK_SQL.page, [customerId, environment, after, limit])).map(toWebhook);
    },
    listAllWebhooks: async () => (await q.rows(WEBHOOK_SQL.all)).map(toWebhook),
    listDeliveries: (webhookId: string, afterId: string | undefined, limit: number) =>
      afterId ? deliveries(WEBHOOK_SQL.deliveriesAfter, [webhookId, afterId, limit]) : deliveries(WEBHOOK_SQL.deliveries, [webhookId, limit]),
    getDelivery: async (id: string) => (await deliveries(WEBHOOK_SQL.delivery, [id]))[0],
    listAttempts: async (deliveryIds: string[]) =>
      deliveryIds.length === 0 ? [] : (await q.rows(WEBHOOK_SQL.attempts.postgres, [deliveryIds])).map(toAttempt),
    dueDeliveries: (now: number, limit: number) => deliveries(WEBHOOK_SQL.due, [now, limit]),
    countDueDeliveries: async (now: number) => Number((await q.rows<{ n: number }>(WEBHOOK_SQL.countDue, [now]))[0]!.n),
  };
}

export function webhookWrites(q: Q): WebhookWrites {
  return {
    insertWebhook: async (w: WebhookRecord) => {
      await q.changes(WEBHOOK_SQL.insert, webhookValues(w));
    },
    setWebhookSecret: async (id: string, secret: string) => {
      await q.changes(WEBHOOK_SQL.setSecret, [secret, id]);
    },
    deleteWebhook: async (id: string) => (await q.changes(WEBHOOK_SQL.delete, [id])) > 0,
    insertDelivery: async (d: DeliveryRow) => {
      await q.changes(WEBHOOK_SQL.insertDelivery, deliveryValues(d));
    },
    claimDeliveries: async (c: DeliveryClaimRequest) => {
      const rows = await q.rows(WEBHOOK_SQL.claim.postgres, [c.now, c.node, c.until, c.limit, c.perEndpoint]);
      // RETURNING keeps no order.
      return rows
        .map((r) => ({ seq: Number(r.seq), d: toDelivery(r) }))
        .sort((a, b) => a.d.next_attempt_at! - b.d.next_attempt_at! || a.seq - b.seq)
        .map((x) => x.d);
    },
    updateDelivery: async (id: string, p: Pick<DeliveryRow, 'status' | 'attempts' | 'next_attempt_at' | 'finished_at'>, claim?: DeliveryClaim) => {
      const outcome = [p.status, p.attempts, p.next_attempt_at, p.finished_at, id];
      return (await (claim ? q.changes(WEBHOOK_SQL.updateClaimed, [...outcome, claim.node, claim.attempts]) : q.changes(WEBHOOK_SQL.updateDelivery, outcome))) > 0;
    },
    insertAttempt: async (a: AttemptRow) => {
      await q.changes(WEBHOOK_SQL.insertAttempt, attemptValues(a));
    },
    deleteDeliveriesBefore: (time: number, limit: number) => q.changes(WEBHOOK_SQL.deleteDeliveries, [time, limit]),
  };
}
