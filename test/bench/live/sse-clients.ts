/**
 * The stream clients of live.bench.ts, in their own process: N event-stream connections to one URL (each its own
 * socket). Prints `ready` once every client has its first event, then, for every event id that all N clients
 * have received, one JSON line {id, first, last} (epoch ms of the first and the last receipt).
 */
import http from 'node:http';

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
      let buffer = '';
      res.setEncoding('utf8');
      // A stream the server ends is one client that will never count an event: said, so a wait that times out says why.
      res.on('end', () => console.error(`client ${i}: the server ended the stream`));
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at = buffer.indexOf('\n\n');
        while (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          at = buffer.indexOf('\n\n');
          const id = /^id: (\d+)$/m.exec(block)?.[1];
          if (!id) continue;
          const t = Date.now();
          if (!firstSeen.has(i)) {
            firstSeen.add(i);
            if (firstSeen.size === a.n && !ready) {
              ready = true;
              console.log('ready');
            }
            continue;
          }
          const e = byId.get(id) ?? { count: 0, first: t, last: t };
          e.count++;
          e.last = t;
          byId.set(id, e);
          if (e.count === a.n) console.log(JSON.stringify({ id: Number(id), first: e.first, last: e.last }));
        }
      });
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
