/**
 * The stream clients of capacity.bench.ts, in their own process: many event-stream connections (each its own
 * socket), shop streams and customers' order streams, spread over the server processes. An order stream takes
 * its ticket first, as the app does. Input on stdin (JSON); output on stdout, one line each:
 *   `ready {json}` once every stream has its first frame (how long connecting took, failures);
 *   `{shop, id, first, last}` once every shop stream of a shop has a frame with a new id (epoch ms of the first
 *   and last receipt);
 *   `orders {frames}` on SIGTERM: frames the order streams received after their first.
 */
import http from 'node:http';
import { frameIds } from '../live/frame-ids.ts';

interface Input {
  shops: { url: string; shop: number }[];
  orders: { base: string; customerId: number; orderId: number; token: string }[];
}

const input = JSON.parse(
  await new Promise<string>((done) => {
    let s = '';
    process.stdin.on('data', (b) => (s += b)).on('end', () => done(s));
  }),
) as Input;
const total = input.shops.length + input.orders.length;
const perShop = new Map<number, number>();
for (const s of input.shops) perShop.set(s.shop, (perShop.get(s.shop) ?? 0) + 1);
/** Per shop, per frame id: how many of its streams have it, and when the first and the last got it. */
const seen = new Map<string, { count: number; first: number; last: number }>();
let opened = 0;
let orderFrames = 0;
let ended = 0;
let dropped = 0;
const t0 = Date.now();

/**
 * Per shop, the highest frame id known to every stream or seen first by any: a frame that carries no newer id (a
 * wait that moved with the clock alone) is no change's arrival.
 */
const known = new Map<number, number>();

/**
 * Reads an event stream; calls `first(id)` for its first frame and `frame(id)` for each after it. `opening` is
 * the stream's own (kept across its reconnects): it counts toward `ready` once.
 */
function follow(target: URL, frame: (id: number) => void, first: (id: number) => void = () => {}, opening = { counted: false }): void {
  const req = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      agent: false,
      headers: { accept: 'text/event-stream' },
    },
    (res) => {
      if (res.statusCode !== 200) {
        console.error(`stream ${target.pathname}: ${res.statusCode}`);
        process.exit(1);
      }
      let isFirst = true;
      res.setEncoding('utf8');
      res.on('end', () => {
        ended++;
        console.error(`stream ${target.pathname}: the server ended it`);
      });
      res.on(
        'data',
        frameIds((id) => {
          if (!isFirst) return frame(Number(id));
          isFirst = false;
          first(Number(id));
          if (opening.counted) return;
          opening.counted = true;
          if (++opened === total) console.log(`ready ${JSON.stringify({ ms: Date.now() - t0, dropped })}`);
        }),
      );
    },
  );
  // A dropped connection is opened again a second later, as the app does; each is counted and said.
  req.on('error', (err) => {
    dropped++;
    console.error(`stream ${target.pathname}: ${err.message} (opened again)`);
    setTimeout(() => follow(target, frame, first, opening), 1000);
  });
  req.end();
}

function shopStream(s: Input['shops'][number]): void {
  follow(
    new URL(s.url),
    (id) => {
      if (id <= (known.get(s.shop) ?? -1)) return;
      const key = `${s.shop}:${id}`;
      const t = Date.now();
      const e = seen.get(key) ?? { count: 0, first: t, last: t };
      e.count++;
      e.last = t;
      seen.set(key, e);
      if (e.count === perShop.get(s.shop)) {
        console.log(JSON.stringify({ shop: s.shop, id, first: e.first, last: e.last }));
        seen.delete(key);
        known.set(s.shop, id);
      }
    },
    (id) => known.set(s.shop, Math.max(id, known.get(s.shop) ?? -1)),
  );
}

async function orderStream(o: Input['orders'][number]): Promise<void> {
  const path = `/api/fi/customers/${o.customerId}/orders/${o.orderId}/events/`;
  const res = await fetch(`${o.base}${path}ticket/`, { method: 'POST', headers: { authorization: `Bearer ${o.token}` } });
  if (res.status !== 200) {
    console.error(`ticket ${path}: ${res.status} ${await res.text()}`);
    process.exit(1);
  }
  const { ticket } = (await res.json()) as { ticket: string };
  follow(new URL(`${o.base}${path}?ticket=${encodeURIComponent(ticket)}`), () => orderFrames++);
}

process.on('SIGTERM', () => {
  process.stdout.write(`orders ${JSON.stringify({ frames: orderFrames, ended, dropped })}\n`, () => process.exit(0));
});

// Opened in batches, as phones arrive (the shop streams first, then the order streams, each taking its ticket).
const all: (() => unknown)[] = [...input.shops.map((s) => () => shopStream(s)), ...input.orders.map((o) => () => orderStream(o))];
for (let i = 0; i < all.length; i += 150) {
  await Promise.all(all.slice(i, i + 150).map((f) => f()));
  await new Promise((r) => setTimeout(r, 20));
}
