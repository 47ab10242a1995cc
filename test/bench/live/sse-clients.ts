/**
 * The stream clients of live.bench.ts, in their own process: N event-stream connections to one URL (each its own
 * socket). Prints `ready` once every client has its first event, then, for every event id that all N clients
 * have received, one JSON line {id, first, last} (epoch ms of the first and the last receipt).
 */
import http from 'node:http';
import { frameIds } from './frame-ids.ts';

const a = JSON.parse(process.argv[2]) as { url: string; n: number };
const url = new URL(a.url);
const firstSeen = new Set<number>();
const byId = new Map<string, { count: number; first: number; last: number }>();
let ready = false;

function connect(i: number) {
  const req = http.request(
    { host: url.hostname, port: url.port, path: url.pathname + url.search, agent: false, headers: { accept: 'text/event-stream' } },
    (res) => {
      if (res.statusCode !== 200) {
        console.error(`client ${i}: ${res.statusCode}`);
        process.exit(1);
      }
      res.setEncoding('utf8');
      // A stream the server ends is one client that will never count an event: said, so a wait that times out says why.
      res.on('end', () => console.error(`client ${i}: the server ended the stream`));
      res.on(
        'data',
        frameIds((id) => {
          const t = Date.now();
          if (!firstSeen.has(i)) {
            firstSeen.add(i);
            if (firstSeen.size === a.n && !ready) {
              ready = true;
              console.log('ready');
            }
            return;
          }
          const e = byId.get(id) ?? { count: 0, first: t, last: t };
          e.count++;
          e.last = t;
          byId.set(id, e);
          if (e.count === a.n) console.log(JSON.stringify({ id: Number(id), first: e.first, last: e.last }));
        }),
      );
    },
  );
  req.on('error', (err) => {
    console.error(`client ${i}: ${err.message}`);
    process.exit(1);
  });
  req.end();
}

// Opened in batches, as phones arrive: not all in one tick.
for (let i = 0; i < a.n; i += 200) {
  for (let j = i; j < Math.min(a.n, i + 200); j++) connect(j);
  await new Promise((r) => setTimeout(r, 20));
}
