// `node bench/answer-bytes.mjs` (decision 154): what the size and the kind of an answer's body
// cost the server and the bench's client, apart from anything the app does. A bare Fastify
// process answers every route from an onRequest hook with the headers of a kept catalogue answer
// and a body of the given length: random bytes (as compressed as brotli leaves them) or ASCII
// text of the same length. autocannon loads each route in turn from this process (50
// connections, as `bench:api`), alternating the order round by round; printed per run: req/s,
// the server's CPU µs per answer (of which system), and this process's (the client's).
// BENCH_BODIES=random:1845,random:4391,ascii:4391 chooses the bodies, BENCH_ROUNDS and
// BENCH_DURATION_S the runs.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

const bodies = (process.env.BENCH_BODIES ?? 'random:1845,random:4391,ascii:4391')
  .split(',')
  .map((spec) => {
    const [kind, length] = spec.split(':');
    return { name: spec.replace(':', '-'), kind, length: Number(length) };
  });

if (process.argv[2] === 'serve') {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  // The headers a kept catalogue answer carries (security headers, then sendCached's).
  const headers = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'public, max-age=60',
    etag: 'W/"VorpPcY2WiwmbM2e6k_rV_"',
    vary: 'Accept-Encoding',
    'content-type': 'application/json; charset=utf-8',
    'content-encoding': 'br',
  };
  app.addHook('onResponse', (request, reply, done) => done());
  for (const { name, kind, length } of bodies) {
    const body =
      kind === 'ascii'
        ? Buffer.alloc(length, '{"name":"x", "size":"50 ml"} ')
        : crypto.randomBytes(length);
    app.get(
      `/${name}`,
      {
        onRequest(request, reply) {
          reply.headers(headers).send(body);
        },
      },
      async () => null,
    );
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`at ${url}`);
} else {
  const { default: autocannon } = await import('autocannon');
  const server = spawn(process.execPath, [import.meta.filename, 'serve'], { stdio: 'pipe' });
  const url = await new Promise((resolve) =>
    server.stdout.on('data', (chunk) => {
      const found = /at (\S+)/.exec(String(chunk));
      if (found) resolve(found[1]);
    }),
  );
  /** The server's CPU time so far and its system part, in µs (/proc, clock ticks of 10 ms). */
  const serverCpu = () => {
    const stat = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      all: (Number(fields[11]) + Number(fields[12])) * 10_000,
      sys: Number(fields[12]) * 10_000,
    };
  };
  const clientCpu = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  const runs = Object.fromEntries(bodies.map(({ name }) => [name, []]));
  const duration = Number(process.env.BENCH_DURATION_S ?? 5);
  for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 3); round++) {
    const order = round % 2 ? [...bodies].reverse() : bodies;
    for (const { name } of order) {
      const target = { url: `${url}/${name}`, connections: 50 };
      await autocannon({ ...target, duration: 1 });
      const [server0, client0] = [serverCpu(), clientCpu()];
      const result = await autocannon({ ...target, duration });
      const [server1, client1] = [serverCpu(), clientCpu()];
      const n = Math.max(1, result.requests.total);
      runs[name].push(
        `${(result.requests.average / 1000).toFixed(1)}k/s server ${((server1.all - server0.all) / n).toFixed(1)}` +
          ` (sys ${((server1.sys - server0.sys) / n).toFixed(1)}) client ${((client1 - client0) / n).toFixed(1)}`,
      );
    }
  }
  console.log(`load average ${os.loadavg()[0].toFixed(1)}; per run: req/s, CPU µs per answer`);
  for (const [name, list] of Object.entries(runs))
    console.log(`  ${name.padEnd(14)} ${list.join(' | ')}`);
  server.kill();
}
