import type { AlertResult, AlertRow, SignalReads, SignalRecord, SignalWrites } from '../port.js';
import { alertValues, SIGNAL_SQL, signalValues, toAlert, toSignal } from '../sql/signals.js';
import type { Q } from './durability.js';

/** Signals and their alerts (docs/SIGNALS.md). */
export function signalReads(q: Q): SignalReads {
  return {
    getSignal: async (id: string) => (await q.rows(SIGNAL_SQL.byId, [id])).map(toSignal)[0],
    signalBySecretHash: async (hash: string) => (await q.rows(SIGNAL_SQL.bySecret, [hash])).map(toSignal)[0],
    listSignals: async (customerId, environment, afterId, limit) => (await q.rows(SIGNAL_SQL.page, [customerId, environment, afterId ?? null, limit])).map(toSignal),
    getAlert: async (id: string) => (await q.rows(SIGNAL_SQL.alert, [id])).map(toAlert)[0],
    alertByDedupKey: async (signalId: string, key: string) => (await q.rows(SIGNAL_SQL.alertByKey, [signalId, key])).map(toAlert)[0],
    listAlerts: async (signalId, beforeId, limit) =>
      (await (beforeId ? q.rows(SIGNAL_SQL.alertsBefore, [signalId, beforeId, limit]) : q.rows(SIGNAL_SQL.alerts, [signalId, limit]))).map(toAlert),
    pendingAlerts: async (time: number, limit: number) => (await q.rows(SIGNAL_SQL.pending, [time, limit])).map(toAlert),
  };
}

export function signalWrites(q: Q): SignalWrites {
  return {
    insertSignal: async (s: SignalRecord) => {
      await q.changes(SIGNAL_SQL.insert, signalValues(s));
    },
    revokeSignal: async (id: string, at: number) => (await q.changes(SIGNAL_SQL.revoke, [at, id])) > 0,
    insertAlert: async (a: AlertRow) => (await q.changes(SIGNAL_SQL.insertAlert, alertValues(a))) > 0,
    releaseDedupKey: async (id: string) => {
      await q.changes(SIGNAL_SQL.releaseKey, [id]);
    },
    claimAlert: async (id: string, now: number, until: number) => (await q.changes(SIGNAL_SQL.claim, [until, id, now])) > 0,
    finishAlert: async (id: string, status: AlertRow['status'], results: AlertResult[], at: number) => {
      await q.changes(SIGNAL_SQL.finish, [status, JSON.stringify(results), at, id]);
    },
  };
}
