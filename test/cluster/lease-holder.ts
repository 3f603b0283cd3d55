// A node that takes one partition lease and renews it; on SIGUSR2 it tries a fenced write (a customer row) and
// reports the outcome on stdout as one JSON line. Used by leases-process.test.ts (SIGSTOP / SIGCONT).
// Arguments: <database url> <node id> <lease ms> <customer id to write>
import { PostgresCluster } from '../../src/cluster/postgres-cluster.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';

const [url, nodeId, leaseMsText, customerId] = process.argv.slice(2) as [string, string, string, string];
const leaseMs = Number(leaseMsText);
const store = await PostgresStore.open(url);
const cluster = PostgresCluster.open(url, nodeId, 'http://127.0.0.1:1', leaseMs);
const say = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);

await cluster.hold();
const lease = await cluster.acquire('sandbox', 0);
if (!lease) {
  say({ acquired: false });
  process.exit(1);
}
const renewal = setInterval(() => void cluster.renew(lease).catch(() => false), Math.floor(leaseMs / 3));

process.on('SIGUSR2', () => {
  store
    .fencedTransaction({ environment: 'sandbox', partition: 0, owner: nodeId, epoch: lease.epoch }, (tx) =>
      tx.insertCustomer({ id: customerId, number: 990_001, name: 'fenced write', api_enabled: true, created_at: 0 }),
    )
    .then(
      () => say({ write: 'committed' }),
      (err: Error) => say({ write: 'refused', error: err.name, message: err.message }),
    );
});
process.on('SIGTERM', () => {
  clearInterval(renewal);
  void Promise.all([cluster.close(), store.close()]).then(() => process.exit(0));
});
say({ acquired: true, epoch: lease.epoch });
