/**
 * The chain owner's stream client of capacity.bench.ts (BENCH_CHAIN=1), in its own process: it opens the chain
 * stream (`GET /operator/chain/events/?ticket=…`) and, for each frame (the whole chain first, `chain`; then the
 * changed rows, `chain-rows`), prints one line `{at, w: [[shopId, waiting], …]}` of the rows it carries (epoch ms of
 * its receipt; bytes: the frame's; waiting = here + on the way, per shop). Input on stdin: `{url}`. Prints `ready`
 * after the first frame.
 */
import http from 'node:http';

const { url } = JSON.parse(
  await new Promise<string>((done) => {
    let s = '';
    process.stdin.on('data', (b) => (s += b)).on('end', () => done(s));
  }),
) as { url: string };

const target = new URL(url);
let first = true;
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
      console.error(`chain stream: ${res.statusCode}`);
      process.exit(1);
    }
    res.setEncoding('utf8');
    let buf = '';
    res.on('data', (chunk: string) => {
      buf += chunk;
      for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n')) {
        const block = buf.slice(0, end);
        buf = buf.slice(end + 2);
        if (!block.startsWith('event: chain')) continue;
        const at = Date.now();
        const data = block.slice(block.indexOf('\ndata: ') + 7);
        const { pobs } = JSON.parse(data) as { pobs: { id: number; waiting_present: number; waiting_on_way: number }[] };
        const w = pobs.map((p) => [p.id, p.waiting_present + p.waiting_on_way]);
        process.stdout.write(`${JSON.stringify({ at, w, bytes: Buffer.byteLength(block) })}\n`);
        if (first) {
          first = false;
          process.stdout.write('ready\n');
        }
      }
    });
    res.on('end', () => process.exit(0));
  },
);
req.on('error', (err) => {
  console.error(`chain stream: ${err.message}`);
  process.exit(1);
});
req.end();
process.on('SIGTERM', () => process.exit(0));
