/**
 * The read load of live.bench.ts, in its own process: autocannon against one URL (keep-alive, 32 connections,
 * `accept-encoding: br` and any `headers`, no If-None-Match, so every answer is a full 200), for `seconds`; with `rate`, an open
 * loop at that many requests a second overall. Prints one JSON line.
 */
import autocannon from 'autocannon';

const a = JSON.parse(process.argv[2]) as {
  url: string;
  seconds: number;
  connections?: number;
  rate?: number;
  headers?: Record<string, string>;
};
const result = await autocannon({
  url: a.url,
  connections: a.connections ?? 32,
  duration: a.seconds,
  headers: { 'accept-encoding': 'br', ...a.headers },
  ...(a.rate ? { overallRate: a.rate } : {}),
});
console.log(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
  }),
);
