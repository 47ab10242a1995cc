/**
 * Issue 17 item 5: API requests start a few per turn of the event loop, in arrival order, so a turn stays
 * short (new connections are accepted once a turn) and answers without API work never wait; beyond the
 * queue a clear 503 with Retry-After. By order and count of turns, not by time.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import Fastify from 'fastify';
import { admitFairly } from '../../src/server/admission.ts';
import { HttpError } from '../../src/server/errors.ts';
import { harness } from './harness.ts';

const admission = suite('fair admission of API requests');

function app(perTurn: number, queue: number) {
  const a = Fastify();
  let turn = 0;
  let ticking = true;
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const started: { id: number; turn: number }[] = [];
  const answered: string[] = [];
  a.setErrorHandler((err, _req, reply) => {
    const e = err as HttpError;
    if (e.retryAfterSeconds !== undefined) reply.header('retry-after', String(e.retryAfterSeconds));
    return reply.status(e.statusCode ?? 500).send({ error: e.message });
  });
  admitFairly(a, { perTurn, queue });
  a.get<{ Params: { id: string } }>('/api/fi/x/:id', async (req) => {
    started.push({ id: Number(req.params.id), turn });
    return { ok: true };
  });
  a.get('/config.json', async () => {
    answered.push(`config after ${started.length} API starts`);
    return { ok: true };
  });
  return { a, started, answered, stop: () => void (ticking = false) };
}

admission('API requests start in arrival order, at most perTurn per turn; a non-API answer does not wait for them', async () => {
  const { a, started, answered, stop } = app(2, 100);
  const api = Array.from({ length: 10 }, (_, i) => a.inject({ method: 'GET', url: `/api/fi/x/${i}` }));
  const config = a.inject({ method: 'GET', url: '/config.json' });
  const answers = await Promise.all([...api, config]);
  stop();
  assert.ok(answers.every((r) => r.statusCode === 200));
  assert.equal(started.map((s) => s.id), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'arrival order');
  const perTurn = new Map<number, number>();
  for (const s of started) perTurn.set(s.turn, (perTurn.get(s.turn) ?? 0) + 1);
  assert.ok([...perTurn.values()].every((n) => n <= 2), JSON.stringify([...perTurn]));
  assert.ok(perTurn.size >= 5, 'spread over turns');
  assert.ok(Number(/after (\d+)/.exec(answered[0])![1]) < 10, answered[0]);
  await a.close();
});

admission('beyond the queue: 503 with Retry-After and an error body, the queued ones still answered', async () => {
  const { a, stop } = app(1, 3);
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => a.inject({ method: 'GET', url: `/api/fi/x/${i}` })));
  stop();
  const busy = answers.filter((r) => r.statusCode === 503);
  assert.is(answers.filter((r) => r.statusCode === 200).length, 4, answers.map((r) => r.statusCode).join(','));
  assert.is(busy.length, 4);
  for (const r of busy) {
    assert.is(r.headers['retry-after'], '1');
    assert.equal(r.json(), { error: 'The server is busy, try again in a moment' });
  }
  await a.close();
});

admission('the app admits through the gate by default (ADMIT_PER_TURN 16) and answers as before', async () => {
  const h = await harness();
  assert.is(h.config.admitPerTurn, 16);
  const answers = await Promise.all(Array.from({ length: 40 }, () => h.app.inject({ method: 'GET', url: '/api/fi/pobs/' })));
  assert.ok(answers.every((r) => r.statusCode === 200));
  await h.close();
});

admission.run();
