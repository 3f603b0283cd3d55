// The baseline: a bare Fastify route answering a constant JSON body, in its own process like Rampart's.
import Fastify from 'fastify';
import account from './fixtures/account-view.json' with { type: 'json' };

const app = Fastify({ logger: false });
const body = { id: 'SANDBOX-1-1', status: 'active', balance: '100000', equity: '100000' };
app.get('/v1/constant', async () => body);
app.post('/v1/constant', async () => body);
// An account as GET /v1/accounts/{id} answers it (≈1.3 kB): the bare route with the read's own body, beside it.
app.get('/v1/account-sized', async () => account);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('ready\n');
