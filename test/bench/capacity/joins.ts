/**
 * The joins of capacity.bench.ts, in their own process: an open loop at a fixed rate (a join is sent when it is
 * due, whether or not earlier ones were answered, as phones do), each by its own customer, through the server
 * process it names. Input on stdin (JSON); prints one JSON line: for each join its shop, when it was due and
 * answered (epoch ms), its latency from when it was due, and its status.
 */
import http from 'node:http';

interface Input {
  perSecond: number;
  joins: { base: string; customerId: number; token: string; shop: number; body: string }[];
}
const input = JSON.parse(
  await new Promise<string>((done) => {
    let s = '';
    process.stdin.on('data', (b) => (s += b)).on('end', () => done(s));
  }),
) as Input;

const agents = new Map<string, http.Agent>();
const agentOf = (base: string) => {
  const a = agents.get(base) ?? new http.Agent({ keepAlive: true, maxSockets: 256 });
  agents.set(base, a);
  return a;
};

type Result = { shop: number; due: number; answered: number; ms: number; status: number; error?: string };
function join(j: Input['joins'][number], due: number): Promise<Result> {
  const url = new URL(`${j.base}/api/fi/customers/${j.customerId}/orders/`);
  return new Promise((done) => {
    const finish = (status: number, error?: string) => {
      const answered = Date.now();
      done({ shop: j.shop, due, answered, ms: answered - due, status, ...(error && { error }) });
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        agent: agentOf(j.base),
        headers: {
          authorization: `Bearer ${j.token}`,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(j.body)),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (b: Buffer) => {
          if (res.statusCode !== 201 && text.length < 200) text += b;
        });
        res.on('end', () => finish(res.statusCode ?? 0, text || undefined));
        res.on('error', (err) => finish(0, err.message));
      },
    );
    req.on('error', (err) => finish(0, err.message));
    req.end(j.body);
  });
}

const start = Date.now() + 100;
const gap = 1000 / input.perSecond;
const pending: Promise<Result>[] = [];
for (let i = 0; i < input.joins.length; i++) {
  const due = start + i * gap;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  pending.push(join(input.joins[i], due));
}
const results = await Promise.all(pending);
process.stdout.write(`${JSON.stringify(results)}\n`, () => process.exit(0));
