// The reference of `npm run bench:api`: a bare Fastify route (no plugins, no hooks) in its own
// process, as the app runs in its own, so both get the same machine. Prints its URL once listening.
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare fastify at ${url}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
