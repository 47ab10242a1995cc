/**
 * The latency half of live.bench.ts's reads, in its own process: an open loop that sends `rate` requests a second
 * evenly spaced (one every 1000/rate ms, over keep-alive connections, `accept-encoding: br`, no If-None-Match),
 * for `seconds`, and times each from the moment it was due, not the moment it went out, so a stalled server is
 * not hidden by a client waiting for it (no coordinated omission). Prints one JSON line.
 *
 * Not autocannon's `overallRate`: that lets each connection send its share of a second's requests as fast as it
 * can once the second starts and then idle, so "1,000 req/s" arrives as a burst of 1,000 every second and the
 * p99 measures the burst (a Fastify hello-world shows 9–21 ms that way on this machine).
 */
import http from 'node:http';

const a = JSON.parse(process.argv[2]) as { url: string; seconds: number; rate: number; connections?: number; warmupSeconds?: number };
const url = new URL(a.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: a.connections ?? 32 });
const headers = { 'accept-encoding': 'br' };

function once(): Promise<number> {
  return new Promise((done) => {
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', () => done(0));
  });
}

async function run(seconds: number): Promise<{ latencies: number[]; non200: number; sent: number }> {
  const interval = 1000 / a.rate;
  const total = Math.round(seconds * a.rate);
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  let non200 = 0;
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Everything due by now goes out; a late tick sends what it owes, timed from when each was due.
    while (sent < total && start + sent * interval <= now) {
      const due = start + sent * interval;
      sent++;
      inFlight.push(
        once().then((status) => {
          latencies.push(performance.now() - due);
          if (status !== 200) non200++;
        }),
      );
    }
    const next = start + sent * interval;
    const wait = next - performance.now();
    await new Promise((r) => (wait > 1.5 ? setTimeout(r, wait - 1) : setImmediate(r)));
  }
  await Promise.all(inFlight);
  return { latencies, non200, sent };
}

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];
if (a.warmupSeconds) await run(a.warmupSeconds);
const r = await run(a.seconds);
const s = r.latencies.sort((x, y) => x - y);
agent.destroy();
console.log(
  JSON.stringify({
    sent: r.sent,
    non200: r.non200,
    p50: Number(q(s, 0.5).toFixed(2)),
    p99: Number(q(s, 0.99).toFixed(2)),
    max: Number(s[s.length - 1].toFixed(2)),
  }),
);
