/**
 * The console's live feed: the operator stream (opened with a ticket) while its ticket route answers, else the queue
 * GET every POLL_MS, and the clock's tick while it runs. A 401 anywhere means the key no longer works: back to pairing.
 */
import { ApiError, apiUrl } from '../../services/http.ts';
import { language, locale, t } from '../i18n.ts';
import type { Floor } from '../../lib/operator.ts';
import { saveDevice, streamUrl } from '../../services/operator.ts';
import { clock, device, feed, floor, me, notice, now, operatorApi, phase, pobId, TICK_MS } from './operator.ts';

/** Polling when no stream delivers. */
export const POLL_MS = 5000;
/** After a stream failed, how long the console polls before it asks for a new ticket. */
export const STREAM_RETRY_MS = 30_000;

/** Back to the pairing screen: the key is unknown or revoked. */
export async function unpair() {
  stopFeed();
  await saveDevice(null);
  device.value = null;
  me.value = null;
  floor.value = null;
  phase.value = 'pairing';
}

/** A 401 anywhere means this key no longer works. */
export async function lostKey(err: unknown): Promise<boolean> {
  if (err instanceof ApiError && err.status === 401) {
    await unpair();
    notice.value = { kind: 'error', text: t('operator.pairing.lost') };
    return true;
  }
  return false;
}

export async function refresh(): Promise<void> {
  const d = device.value;
  const pob = pobId.value;
  if (!d || pob === null) return;
  try {
    floor.value = await operatorApi().floor(d.key, pob);
    now.value = clock.now();
  } catch (err) {
    await lostKey(err);
  }
}

let pollTimer: ReturnType<typeof setInterval> | null = null;
let tickTimer: ReturnType<typeof setInterval> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let source: EventSource | null = null;
let generation = 0;

function poll() {
  if (pollTimer) return;
  feed.value = 'polling';
  pollTimer = setInterval(() => void refresh(), POLL_MS);
}

function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

/** Tries the stream; on any failure polls, and tries the stream again after STREAM_RETRY_MS. */
async function connect(gen: number) {
  const d = device.value;
  const pob = pobId.value;
  if (!d || pob === null || gen !== generation) return;
  const fallback = () => {
    if (gen !== generation) return;
    source?.close();
    source = null;
    poll();
    if (!retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void connect(gen);
      }, STREAM_RETRY_MS);
    }
  };
  if (typeof EventSource === 'undefined') return fallback();
  try {
    const { ticket } = await operatorApi().ticket(d.key, pob);
    if (gen !== generation) return;
    const es = new EventSource(streamUrl(pob, ticket, (path) => apiUrl(locale.value, path), language.value));
    source = es;
    es.addEventListener('queue', (e) => {
      try {
        floor.value = JSON.parse((e as MessageEvent<string>).data) as Floor;
        now.value = clock.now();
        stopPolling();
        feed.value = 'stream';
      } catch {
        // A malformed event: the next one or the polling corrects it.
      }
    });
    es.onerror = fallback;
  } catch (err) {
    if (await lostKey(err)) return;
    fallback();
  }
}

export function startFeed() {
  stopFeed();
  const gen = ++generation;
  now.value = clock.now();
  tickTimer = setInterval(() => {
    now.value = clock.now();
  }, TICK_MS);
  void refresh();
  // Polling until the stream's first event arrives, so nothing waits on a stream that never comes.
  poll();
  void connect(gen);
}

export function stopFeed() {
  generation++;
  stopPolling();
  if (tickTimer) clearInterval(tickTimer);
  tickTimer = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  feed.value = 'off';
}
