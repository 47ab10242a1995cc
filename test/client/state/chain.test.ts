/**
 * The chain owner's screen state (state/console/chain.ts) over the chain stream: the whole chain first, then the
 * changed rows merged by id (lib/operator.ts mergeChain); a frame that does not follow the version held reopens the
 * stream with a new ticket, and a poll answered after the stream delivered does not replace its rows.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { stubFetch } from '../account-fetch.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { device } from '../../../src/client/state/console/operator.ts';
import { chain, chainFeed, startChain, stopChain } from '../../../src/client/state/console/chain.ts';
import { mergeChain } from '../../../src/client/lib/operator.ts';
import type { WireChainShop } from '../../../src/shared/wire-chain.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

/** EventSource as the browser has it, driven by the test (a frame's `id` is the event's lastEventId). */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: ((e: unknown) => void) | null = null;
  private listeners = new Map<string, ((m: { data: string; lastEventId: string }) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (m: { data: string; lastEventId: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  send(event: string, id: number, data: unknown) {
    for (const fn of this.listeners.get(event) ?? []) fn({ data: JSON.stringify(data), lastEventId: String(id) });
  }
  static last() {
    return FakeEventSource.all[FakeEventSource.all.length - 1];
  }
}

const stats = {
  served: 0,
  waiting: 0,
  no_shows: 0,
  walk_ins: 0,
  remote_joins: 0,
  mean_wait_minutes: null,
  mean_quoted_minutes: null,
  mean_actual_minutes: null,
  within_10_share: null,
  waited_longer_share: null,
  served_sooner_share: null,
  before_window_share: null,
  in_window_share: null,
  past_window_share: null,
  mean_window_minutes: null,
  moved_in: 0,
  moved_out: 0,
};
function shop(id: number, waiting: number, extra: Partial<WireChainShop> = {}): WireChainShop {
  return {
    id,
    name: `Shop ${id}`,
    open: true,
    queue_state: 'open',
    closes_at: null,
    chairs: 2,
    barbers_on_shift: 1,
    waiting_present: waiting,
    waiting_on_way: 0,
    in_service: 0,
    wait: { minutes: 10 * waiting, low: null, high: null },
    waits: [],
    crowded: false,
    nearby_room: [],
    figures: { today: stats, week: stats },
    ...extra,
  };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await act(async () => new Promise<void>((r) => setTimeout(r, 0)));
};

test('mergeChain: rows replaced by id, a new shop added in order, a gone one dropped; a frame already had changes nothing; a gap is null', () => {
  const base = { pobs: [shop(1, 0), shop(2, 1), shop(4, 0)] };
  const merged = mergeChain(base, 5, { from: 5, version: 6, pobs: [shop(2, 2), shop(3, 0)], removed: [4] });
  assert.ok(merged);
  assert.is(merged.version, 6);
  assert.equal(
    merged.chain.pobs.map((p) => [p.id, p.waiting_present]),
    [
      [1, 0],
      [2, 2],
      [3, 0],
    ],
  );
  assert.is(merged.chain.pobs[0], base.pobs[0], 'an unchanged row is the same object');
  const again = mergeChain(merged.chain, 6, { from: 5, version: 6, pobs: [shop(2, 9)], removed: [] });
  assert.is(again?.chain, merged.chain, 'a frame the chain already has changes nothing');
  assert.is(mergeChain(merged.chain, 6, { from: 7, version: 8, pobs: [], removed: [] }), null, 'a missed frame');
});

test('the stream: the whole chain, then changed rows merged by id; a missed frame reopens the stream; a late poll replaces nothing', async () => {
  const g = globalThis as Record<string, unknown>;
  const previous = g.EventSource;
  g.EventSource = FakeEventSource;
  let tickets = 0;
  let answerPoll: (() => void) | null = null;
  const fetches = stubFetch({
    // The first poll is answered only after the stream delivered (a slow answer).
    'GET /operator/chain/': () => ({ body: { pobs: [shop(1, 7), shop(2, 7)] } }),
    'POST /operator/chain/events/ticket/': () => ({ body: { ticket: `t${++tickets}`, expires_in: 60 } }),
  });
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string, init?: RequestInit) => {
    if (String(input).includes('/operator/chain/') && !String(input).includes('events')) await new Promise<void>((r) => (answerPoll = r));
    return realFetch(input, init);
  }) as typeof fetch;
  try {
    device.value = { key: 'opk_owner', role: 'owner', pob_id: null, device_id: 9, name: 'Owner' };
    startChain();
    await flush();
    const es = FakeEventSource.last();
    assert.ok(es?.url.includes('ticket=t1'), 'the stream opened with a ticket');
    await act(async () => es.send('chain', 5, { pobs: [shop(1, 0), shop(2, 1)] }));
    assert.is(chainFeed.value, 'stream');
    const row1 = chain.value!.pobs[0];
    await act(async () => es.send('chain-rows', 6, { from: 5, version: 6, pobs: [shop(2, 3)], removed: [] }));
    assert.equal(
      chain.value!.pobs.map((p) => [p.id, p.waiting_present]),
      [
        [1, 0],
        [2, 3],
      ],
      "shop 2's row replaced",
    );
    assert.is(chain.value!.pobs[0], row1, "shop 1's row kept");
    // The slow poll answers now: the stream's rows stay.
    (answerPoll as (() => void) | null)?.();
    await flush();
    assert.is(chain.value!.pobs[1].waiting_present, 3, 'a late poll replaces nothing');
    // A frame that does not follow version 6: the stream is opened again for the whole chain.
    await act(async () => es.send('chain-rows', 9, { from: 8, version: 9, pobs: [shop(1, 5)], removed: [] }));
    await flush();
    assert.ok(es.closed, 'the stream that missed a frame is closed');
    assert.is(chain.value!.pobs[0].waiting_present, 0, 'the frame after the gap is not merged');
    const again = FakeEventSource.last();
    assert.is.not(again, es);
    assert.ok(again.url.includes('ticket=t2'), 'reopened with a new ticket');
    await act(async () => again.send('chain', 9, { pobs: [shop(1, 5), shop(2, 3)] }));
    assert.is(chain.value!.pobs[0].waiting_present, 5);
  } finally {
    stopChain();
    globalThis.fetch = realFetch;
    fetches.restore();
    g.EventSource = previous;
    device.value = null;
  }
});

test.run();
