import { shownFailure } from '../../events/webhook-failure.js';
import type { AttemptRow, DeliveryRow, WebhookRecord } from '../../store/port.js';
import { listPage, type Page } from './page.js';

/** A webhook endpoint as REST shows it (never its secret: only its creation's answer carries that). */
export function webhookView(w: WebhookRecord) {
  return { id: w.id, url: w.url, types: w.types, account_id: w.account_id, environment: w.environment, created_at: w.created_at };
}

export function deliveryView(d: DeliveryRow, attempts: readonly AttemptRow[]) {
  return {
    id: d.id,
    webhook_id: d.webhook_id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    attempt_count: d.attempts,
    next_attempt_at: d.next_attempt_at,
    created_at: d.created_at,
    finished_at: d.finished_at,
    attempts: attempts.map((a) => ({ number: a.n, at: a.at, status_code: a.status_code, error: shownFailure(a.error), duration_ms: a.duration_ms })),
  };
}

/** A page of deliveries, each with its attempts (`attempts` holds those of the shown deliveries). */
export function deliveryPage(rows: readonly DeliveryRow[], attempts: readonly AttemptRow[], limit: number): Page<ReturnType<typeof deliveryView>> {
  return listPage(rows, limit, (d) => deliveryView(d, attempts.filter((a) => a.delivery_id === d.id)));
}
