/**
 * The tracking screen's live order (state/tracking/tracking.ts through state/live.ts): the order's stream with a ticket,
 * polling resting while it delivers, polling when it fails, a new ticket per reconnect, paused while hidden.
 * Time is a fake clock here (timers are virtual; nothing waits for real).
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import { wireOrder } from '../queue-fixtures.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { liveMode } from '../../../src/client/state/live.ts';
import { profile, reset as resetSession, sync, user } from '../../../src/client/state/session.ts';
import * as tracking from '../../../src/client/state/tracking/tracking.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

/** EventSource as the browser has it, driven by the test. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: ((e: unknown) => void) | null = null;
  private listeners = new Map<string, ((m: { data: string }) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (m: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  send(event: string, data: unknown) {
    for (const fn of this.listeners.get(event) ?? []) fn({ data: JSON.stringify(data) });
  }
  fail() {
    this.onerror?.({ type: 'error' });
  }
  static last() {
    return FakeEventSource.all[FakeEventSource.all.length - 1];
  }
}

/** A virtual clock for setTimeout/setInterval (microtasks still run for real). */
const real = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
};
let now = 0;
let nextId = 1;
const timers = new Map<number, { at: number; fn: () => void; every: number | null }>();
function fakeTimers() {
  const g = globalThis as Record<string, unknown>;
  g.setTimeout = (fn: () => void, ms = 0) => {
    timers.set(nextId, { at: now + ms, fn, every: null });
    return nextId++;
  };
  g.setInterval = (fn: () => void, ms = 0) => {
    timers.set(nextId, { at: now + ms, fn, every: ms });
    return nextId++;
  };
  g.clearTimeout = g.clearInterval = (id: number | undefined) => {
    if (id !== undefined) timers.delete(id);
  };
}
function realTimers() {
  Object.assign(globalThis, real);
  timers.clear();
}
/** Lets promises and fetches settle (a real macrotask turn or a few). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise<void>((r) => real.setTimeout(r, 0)));
};
/** Lets the real event loop turn until `ok` holds (a lazy chunk or a fetch may take a few turns on a busy machine). */
async function until(ok: () => boolean, what: string) {
  for (let i = 0; i < 500 && !ok(); i++) await flush();
  assert.ok(ok(), what);
}
/** Moves the virtual clock, running each timer that falls due in order. */
async function advance(ms: number) {
  const until = now + ms;
  for (;;) {
    const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
    if (!due) break;
    const [id, t] = due;
    now = t.at;
    if (t.every === null) timers.delete(id);
    else t.at += t.every;
    t.fn();
    await flush();
  }
  now = until;
  await flush();
}

const ORDER = 'GET /customers/7/orders/41/';
const TICKET = 'POST /customers/7/orders/41/events/ticket/';
let ticketNo = 0;
const ticket = () => ({ body: { ticket: `t${++ticketNo}`, expires_in: 60 } });
const gets = (f: ReturnType<typeof stubFetch>) => f.calls.filter((c) => c.method === 'GET' && c.path === '/customers/7/orders/41/').length;
const tickets = (f: ReturnType<typeof stubFetch>) => f.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/events/ticket/'));

let stop: () => void = () => {};
async function start(routes: Parameters<typeof stubFetch>[0], opts: { eventSource?: boolean } = {}) {
  if (opts.eventSource !== false) (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  FakeEventSource.all = [];
  locale.value = 'FI';
  user.value = { id: 7, token: 'access-1', refreshToken: 'refresh-1' };
  profile.value = wireProfile({ active_order_id: 41 });
  sync.value = 'synced';
  const f = stubFetch(routes);
  fakeTimers();
  stop = tracking.startTracking();
  await flush();
  if (opts.eventSource !== false && routes[TICKET]) await until(() => FakeEventSource.all.length > 0, 'the stream opened');
  return f;
}

test.after.each(async () => {
  stop();
  realTimers();
  tracking.reset();
  resetSession();
  delete (globalThis as Record<string, unknown>).EventSource;
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

test("the order's stream opens with a ticket; its events update the order and polling rests", async () => {
  const f = await start({ [ORDER]: { body: wireOrder({ queue: 25 }) }, [TICKET]: [ticket(), ticket()] });
  assert.is(gets(f), 1, 'the first read');
  assert.is(tickets(f).length, 1);
  assert.is(tickets(f)[0].bearer, 'access-1', 'the ticket call carries the login');
  const es = FakeEventSource.last();
  // The ticket, and the language the order's services are named in.
  assert.match(es.url, /\/api\/fi\/customers\/7\/orders\/41\/events\/\?ticket=t1&lang=en$/);
  assert.is(liveMode.value, 'poll', 'polling until the stream delivers');
  es.send('order', wireOrder({ queue: 5, ahead: 0 }));
  await flush();
  assert.is(tracking.order.value?.queue, 5);
  assert.is(liveMode.value, 'stream');
  await advance(5 * 60_000);
  assert.is(gets(f), 1, 'no GET while the stream delivers');
});

test('a failing stream falls back to the 30 s polling, and keeps trying with a new ticket each time', async () => {
  const f = await start({ [ORDER]: { body: wireOrder() }, [TICKET]: [ticket(), { status: 503, body: { error: 'x' } }] });
  FakeEventSource.last().fail();
  await flush();
  assert.is(liveMode.value, 'poll');
  await advance(30_000);
  assert.is(gets(f), 2, 'polled after 30 s');
  await advance(60_000);
  assert.is(gets(f), 4, 'every 30 s');
  assert.ok(tickets(f).length >= 3, `reconnects with backoff fetch tickets: ${tickets(f).length}`);
  assert.is(FakeEventSource.all.length, 1, 'no stream without a ticket');
});

test('a stream the server ends after 2 minutes reconnects with a new ticket and stays streamed, not polled', async () => {
  const f = await start({ [ORDER]: { body: wireOrder() }, [TICKET]: [ticket(), ticket(), ticket()] });
  const first = FakeEventSource.last();
  first.send('order', wireOrder({ queue: 20 }));
  await flush();
  await advance(2 * 60_000);
  assert.is(gets(f), 1);
  first.fail(); // the server restarted, or a proxy cut the connection
  await advance(3_000);
  await until(() => FakeEventSource.all.length === 2, 'a second stream');
  const second = FakeEventSource.last();
  assert.is.not(second, first);
  assert.ok(first.closed);
  assert.is.not(
    new URL(second.url, 'http://x').searchParams.get('ticket'),
    new URL(first.url, 'http://x').searchParams.get('ticket'),
    'a new ticket',
  );
  second.send('order', wireOrder({ queue: 10 }));
  await flush();
  assert.is(liveMode.value, 'stream');
  await advance(5 * 60_000);
  assert.is(gets(f), 1, 'never polled');
  assert.is(tracking.order.value?.queue, 10);
});

test('hidden: the stream closes and nothing polls; shown: a new ticket and stream', async () => {
  const f = await start({ [ORDER]: { body: wireOrder() }, [TICKET]: [ticket(), ticket()] });
  const first = FakeEventSource.last();
  first.send('order', wireOrder());
  await flush();
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  await flush();
  assert.ok(first.closed);
  assert.is(liveMode.value, 'paused');
  await advance(10 * 60_000);
  assert.is(gets(f), 1, 'no polling while hidden');
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  await until(() => FakeEventSource.all.length === 2, 'a new stream once shown');
  assert.is(tickets(f).length, 2);
  assert.is.not(FakeEventSource.last(), first);
});

test('without EventSource the screen polls as before', async () => {
  const f = await start({ [ORDER]: { body: wireOrder() }, [TICKET]: ticket() }, { eventSource: false });
  assert.is(gets(f), 1);
  await advance(60_000);
  assert.is(gets(f), 3, 'every 30 s');
  assert.is(tickets(f).length, 0, 'no ticket without a way to stream');
  assert.is(liveMode.value, 'poll');
});

test.run();
