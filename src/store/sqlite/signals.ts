import type { AlertResult, AlertRow, SignalReads, SignalRecord, SignalWrites } from '../port.js';
import type { Row } from '../sql/rows.js';
import { alertValues, SIGNAL_SQL, signalValues, toAlert, toSignal } from '../sql/signals.js';
import type { Sql } from './durability.js';

/** Signals and their alerts (docs/SIGNALS.md). */
export function signalReads(sql: Sql): SignalReads {
  const byId = sql.stmt(SIGNAL_SQL.byId);
  const bySecret = sql.stmt(SIGNAL_SQL.bySecret);
  const page = sql.stmt(SIGNAL_SQL.page);
  const alert = sql.stmt(SIGNAL_SQL.alert);
  const alertByKey = sql.stmt(SIGNAL_SQL.alertByKey);
  const alerts = sql.stmt(SIGNAL_SQL.alerts);
  const alertsBefore = sql.stmt(SIGNAL_SQL.alertsBefore);
  const pending = sql.stmt(SIGNAL_SQL.pending);
  const one = <T>(r: unknown, to: (r: Row) => T): T | undefined => (r ? to(r as Row) : undefined);
  return {
    getSignal: (id: string) => sql.read(() => one(byId.get(id), toSignal)),
    signalBySecretHash: (hash: string) => sql.read(() => one(bySecret.get(hash), toSignal)),
    listSignals: (customerId, environment, afterId, limit) => sql.read(() => (page.all(customerId, environment, afterId ?? null, limit) as Row[]).map(toSignal)),
    getAlert: (id: string) => sql.read(() => one(alert.get(id), toAlert)),
    alertByDedupKey: (signalId: string, key: string) => sql.read(() => one(alertByKey.get(signalId, key), toAlert)),
    listAlerts: (signalId, beforeId, limit) =>
      sql.read(() => ((beforeId ? alertsBefore.all(signalId, beforeId, limit) : alerts.all(signalId, limit)) as Row[]).map(toAlert)),
    pendingAlerts: (time: number, limit: number) => sql.read(() => (pending.all(time, limit) as Row[]).map(toAlert)),
  };
}

export function signalWrites(sql: Sql): SignalWrites {
  const insert = sql.stmt(SIGNAL_SQL.insert);
  const revoke = sql.stmt(SIGNAL_SQL.revoke);
  const insertAlert = sql.stmt(SIGNAL_SQL.insertAlert);
  const releaseKey = sql.stmt(SIGNAL_SQL.releaseKey);
  const claim = sql.stmt(SIGNAL_SQL.claim);
  const finish = sql.stmt(SIGNAL_SQL.finish);
  return {
    insertSignal: async (s: SignalRecord) => {
      insert.run(signalValues(s));
    },
    revokeSignal: async (id: string, at: number) => revoke.run(at, id).changes > 0,
    insertAlert: async (a: AlertRow) => insertAlert.run(alertValues(a)).changes > 0,
    releaseDedupKey: async (id: string) => {
      releaseKey.run(id);
    },
    claimAlert: async (id: string, now: number, until: number) => claim.run(until, id, now).changes > 0,
    finishAlert: async (id: string, status: AlertRow['status'], results: AlertResult[], at: number) => {
      finish.run(status, JSON.stringify(results), at, id);
    },
  };
}
