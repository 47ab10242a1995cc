/** The baseline of live.bench.ts: a Fastify hello-world in its own process; prints its URL. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`Listening on ${url}`);
