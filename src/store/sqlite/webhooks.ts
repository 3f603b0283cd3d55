import type { Environment } from '../../schemas/common.js';
import type { DeliveryClaim, DeliveryClaimRequest, DeliveryRow, WebhookRecord, WebhookReads, WebhookWrites } from '../port.js';
import type { Row } from '../sql/rows.js';
import { attemptValues, deliveryValues, toAttempt, toDelivery, toWebhook, WEBHOOK_SQL, webhookValues } from '../sql/webhooks.js';
import { deepFreeze, type RecordCache } from './cache.js';
import type { Sql } from './durability.js';

/** Webhook endpoints (cached whole: few, read by each delivery pass), their deliveries and delivery attempts. */
export function webhookReads(sql: Sql, cache: RecordCache): WebhookReads {
  const all = sql.stmt(WEBHOOK_SQL.all);
  const seqOf = sql.stmt(WEBHOOK_SQL.seqOf);
  const page = sql.stmt(WEBHOOK_SQL.page);
  const deliveriesAfter = sql.stmt(WEBHOOK_SQL.deliveriesAfter);
  const deliveries = sql.stmt(WEBHOOK_SQL.deliveries);
  const delivery = sql.stmt(WEBHOOK_SQL.delivery);
  const attempts = sql.stmt(WEBHOOK_SQL.attempts.sqlite);
  const due = sql.stmt(WEBHOOK_SQL.due);
  const countDue = sql.stmt(WEBHOOK_SQL.countDue);
  const allWebhooks = (): WebhookRecord[] => {
    const fresh = cache.fresh();
    fresh.webhooks ??= deepFreeze((all.all() as Row[]).map(toWebhook));
    return fresh.webhooks;
  };
  return {
    getWebhook: (id: string) => sql.read(() => allWebhooks().find((w) => w.id === id)),
    listWebhooks: (customerId: string, environment: Environment, afterId: string | undefined, limit: number) =>
      sql.read(() => {
        const after = afterId ? ((seqOf.get(afterId) as Row | undefined)?.seq ?? -1) : 0;
        return (page.all(customerId, environment, after, limit) as Row[]).map(toWebhook);
      }),
    listAllWebhooks: () => sql.read(allWebhooks),
    listDeliveries: (webhookId: string, afterId: string | undefined, limit: number) =>
      sql.read(() => ((afterId ? deliveriesAfter.all(webhookId, afterId, limit) : deliveries.all(webhookId, limit)) as Row[]).map(toDelivery)),
    getDelivery: (id: string) =>
      sql.read(() => {
        const r = delivery.get(id) as Row | undefined;
        return r ? toDelivery(r) : undefined;
      }),
    listAttempts: (deliveryIds: string[]) =>
      sql.read(() => (deliveryIds.length === 0 ? [] : (attempts.all(JSON.stringify(deliveryIds)) as Row[]).map(toAttempt))),
    dueDeliveries: (now: number, limit: number) => sql.read(() => (due.all(now, limit) as Row[]).map(toDelivery)),
    countDueDeliveries: (now: number) => sql.read(() => Number((countDue.get(now) as Row).n)),
  };
}

export function webhookWrites(sql: Sql, cache: RecordCache): WebhookWrites {
  const insert = sql.stmt(WEBHOOK_SQL.insert);
  const setSecret = sql.stmt(WEBHOOK_SQL.setSecret);
  const remove = sql.stmt(WEBHOOK_SQL.delete);
  const insertDelivery = sql.stmt(WEBHOOK_SQL.insertDelivery);
  const claim = sql.stmt(WEBHOOK_SQL.claim.sqlite);
  const updateDelivery = sql.stmt(WEBHOOK_SQL.updateDelivery);
  const updateClaimed = sql.stmt(WEBHOOK_SQL.updateClaimed);
  const insertAttempt = sql.stmt(WEBHOOK_SQL.insertAttempt);
  const deleteDeliveries = sql.stmt(WEBHOOK_SQL.deleteDeliveries);
  return {
    insertWebhook: async (w: WebhookRecord) => {
      cache.webhooks = undefined;
      insert.run(webhookValues(w));
    },
    setWebhookSecret: async (id: string, secret: string) => {
      cache.webhooks = undefined;
      setSecret.run(secret, id);
    },
    deleteWebhook: async (id: string) => {
      cache.webhooks = undefined;
      return remove.run(id).changes > 0;
    },
    insertDelivery: async (d: DeliveryRow) => {
      insertDelivery.run(deliveryValues(d));
    },
    claimDeliveries: async (c: DeliveryClaimRequest) =>
      // RETURNING keeps no order.
      (claim.all(c) as Row[])
        .map((r) => ({ seq: Number(r.seq), d: toDelivery(r) }))
        .sort((a, b) => a.d.next_attempt_at! - b.d.next_attempt_at! || a.seq - b.seq)
        .map((x) => x.d),
    updateDelivery: async (id: string, p: Pick<DeliveryRow, 'status' | 'attempts' | 'next_attempt_at' | 'finished_at'>, c?: DeliveryClaim) => {
      const outcome = [p.status, p.attempts, p.next_attempt_at, p.finished_at, id];
      return (c ? updateClaimed.run(...outcome, c.node, c.attempts) : updateDelivery.run(outcome)).changes > 0;
    },
    insertAttempt: async (a) => {
      insertAttempt.run(attemptValues(a));
    },
    deleteDeliveriesBefore: async (time: number, limit: number) => deleteDeliveries.run(time, limit).changes,
  };
}
