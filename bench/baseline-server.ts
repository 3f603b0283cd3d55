// The baseline: a bare Fastify route answering a constant JSON body, in its own process like Rampart's.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { id: 'SANDBOX-1-1', status: 'active', balance: '100000', equity: '100000' };
app.get('/v1/constant', async () => body);
app.post('/v1/constant', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('ready\n');
