// The reference of `npm run bench:api`: a bare Fastify route (no plugins, no hooks) in its own
// process, as the app runs in its own, so both get the same machine. Prints its URL once listening.
import crypto from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
// BENCH_SAME_SIZE in bench:api: a body of n bytes, JSON text (`ascii`) or random bytes as a
// compressed answer's are (`random`), sent as the app sends a kept answer (a Buffer), so a route's
// share of bare can be read beside what its answer's size alone allows.
const bodies = new Map();
app.get('/bytes/:kind/:n', (request, reply) => {
  const { kind } = request.params;
  const n = Math.min(1_000_000, Math.max(8, Math.trunc(Number(request.params.n)) || 8));
  const key = `${kind}:${n}`;
  let body = bodies.get(key);
  if (!body) {
    body =
      kind === 'random'
        ? crypto.randomBytes(n)
        : Buffer.from(JSON.stringify({ t: 'x'.repeat(n - 8) }));
    bodies.set(key, body);
  }
  reply.type('application/json; charset=utf-8');
  if (kind === 'random') reply.header('content-encoding', 'br');
  reply.send(body);
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare fastify at ${url}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
