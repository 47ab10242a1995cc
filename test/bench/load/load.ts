/**
 * The load generator of embedded-load.bench.ts, run in its own process so that its own work never delays the
 * server it measures. Loopback only, bounded in time; prints one JSON line of figures on stdout.
 *
 *   mixed: C keep-alive connections loop on the shop list (br, gzip, as phones ask), one join per 1000/R ms
 *          (each by its own seeded customer; only 201s count as joins), and every 250 ms /config.json on a
 *          new connection (connect time included).
 *   hash:  L concurrent logins with unknown phones (each a full scrypt) while 4 connections loop on a shop page
 *          with `accept-encoding: br`.
 */
import http from 'node:http';

interface Args {
  base: string;
  mode: 'mixed' | 'hash';
  seconds: number;
  connections: number;
  joinsPerSecond: number;
  logins: number;
  customers: { id: number; token: string }[];
  /** Shops that take joins now, with a service each. */
  joinShops: { pobId: number; item: unknown }[];
}

const args = JSON.parse(
  await new Promise<string>((done) => {
    let s = '';
    process.stdin.on('data', (b) => (s += b)).on('end', () => done(s));
  }),
) as Args;
const url = new URL(args.base);

/** at: when the request was sent, in ms since the load began (to tell a warm-up stall from a steady one). */
type Sample = { ms: number; status: number; at: number; error?: string };
const began = performance.now();
const figures: Record<string, Sample[]> = { reads: [], joins: [], config: [], logins: [] };
let inFlight = 0;

function request(agent: http.Agent | false, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Sample> {
  const t0 = performance.now();
  inFlight++;
  return new Promise<Sample>((done) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent,
        headers: body ? { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : headers,
      },
      (res) => {
        let text = '';
        // Only a refusal's reason is kept (the bench prints why joins were refused).
        res.on('data', (b: Buffer) => {
          if (res.statusCode! >= 400 && text.length < 200) text += b;
        });
        res.on('end', () =>
          done({ ms: performance.now() - t0, status: res.statusCode ?? 0, at: t0 - began, ...(text && { error: text.slice(0, 200) }) }),
        );
        res.on('error', () => done({ ms: performance.now() - t0, status: 0, at: t0 - began }));
      },
    );
    req.on('error', () => done({ ms: performance.now() - t0, status: 0, at: t0 - began }));
    req.end(body);
  }).finally(() => inFlight--);
}

const until = performance.now() + args.seconds * 1000;
const running = () => performance.now() < until;

async function loop(agent: http.Agent, path: string, headers: Record<string, string>) {
  while (running()) figures.reads.push(await request(agent, 'GET', path, headers));
}

const tasks: Promise<unknown>[] = [];
if (args.mode === 'mixed') {
  const readers = new http.Agent({ keepAlive: true, maxSockets: args.connections });
  for (let i = 0; i < args.connections; i++) tasks.push(loop(readers, '/api/fi/pobs/', { 'accept-encoding': 'br, gzip' }));
  const joiners = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  // Open loop: a join is sent on schedule whether or not the earlier ones were answered, as phones do.
  const timer = setInterval(() => {
    if (!running() || next >= args.customers.length) return;
    const c = args.customers[next];
    const shop = args.joinShops[next++ % args.joinShops.length];
    const body = JSON.stringify({ pob_id: shop.pobId, items: [shop.item] });
    tasks.push(
      request(joiners, 'POST', `/api/fi/customers/${c.id}/orders/`, { authorization: `Bearer ${c.token}` }, body).then((s) =>
        figures.joins.push(s),
      ),
    );
  }, 1000 / args.joinsPerSecond);
  const probe = setInterval(() => {
    if (running()) tasks.push(request(false, 'GET', '/config.json', { connection: 'close' }).then((s) => figures.config.push(s)));
  }, 250);
  await new Promise((r) => setTimeout(r, args.seconds * 1000));
  clearInterval(timer);
  clearInterval(probe);
} else {
  const readers = new http.Agent({ keepAlive: true, maxSockets: 4 });
  for (let i = 0; i < 4; i++) tasks.push(loop(readers, '/api/fi/pobs/1/', { 'accept-encoding': 'br' }));
  const logins = new http.Agent({ keepAlive: true, maxSockets: args.logins });
  let n = 0;
  const login = async () => {
    while (running()) {
      const phone = `+3585${String(process.pid % 1000).padStart(3, '0')}${String(n++).padStart(6, '0')}`;
      figures.logins.push(await request(logins, 'POST', '/api/fi/login/', {}, JSON.stringify({ phone, password: 'Wrong-pass-1' })));
    }
  };
  for (let i = 0; i < args.logins; i++) tasks.push(login());
  await new Promise((r) => setTimeout(r, args.seconds * 1000));
}
// Bounded: whatever is still unanswered 20 s after the end is reported as such, not waited for.
const left = await Promise.race([Promise.all(tasks).then(() => 0), new Promise<number>((r) => setTimeout(() => r(inFlight), 20_000))]);
// Exit only once the figures are written: a pipe is written asynchronously.
process.stdout.write(`${JSON.stringify({ figures, unanswered: left })}\n`, () => process.exit(0));
