/**
 * The chain owner's screen state: every shop's row (GET /operator/chain/), kept live by the chain stream (opened
 * with a ticket: the whole chain first, then the changed rows, merged by id; a missed frame reopens it) or, while it
 * does not deliver, by polling every POLL_MS; the column it is sorted by.
 */
import { signal } from '@preact/signals-react';
import { apiUrl } from '../../services/http.ts';
import { chainStreamUrl, operatorApi as apiIn } from '../../services/operator.ts';
import { type Chain, type ChainRows, type ChainSort, mergeChain } from '../../lib/operator.ts';
import { language, locale } from '../i18n.ts';
import { device, errorText } from './operator.ts';
import { lostKey, POLL_MS, STREAM_RETRY_MS } from './feed.ts';

export const chain = signal<Chain | null>(null);
export const chainFeed = signal<'stream' | 'polling' | 'off'>('off');
/** Why the rows could not be read (shown until a read works). */
export const chainError = signal<string | null>(null);
export const chainSort = signal<{ by: ChainSort; descending: boolean }>({ by: 'wait', descending: true });

const api = () => apiIn({ locale: locale.value, language: language.value });
let pollTimer: ReturnType<typeof setInterval> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let source: EventSource | null = null;
let generation = 0;
/** The stream's version of `chain` (null: read by polling, or no stream yet). */
let streamVersion: number | null = null;

export async function refreshChain(): Promise<void> {
  const d = device.value;
  if (!d) return;
  try {
    const read = await api().chain(d.key);
    // Once the stream delivers, its rows are the newer: a poll answered late does not replace them.
    if (streamVersion !== null) return;
    chain.value = read;
    chainError.value = null;
  } catch (err) {
    if (await lostKey(err)) return stopChain();
    chainError.value = errorText(err);
  }
}

function poll() {
  if (pollTimer) return;
  chainFeed.value = 'polling';
  pollTimer = setInterval(() => void refreshChain(), POLL_MS);
}

async function connect(gen: number) {
  const d = device.value;
  if (!d || gen !== generation) return;
  const fallback = () => {
    if (gen !== generation) return;
    source?.close();
    source = null;
    poll();
    retryTimer ??= setTimeout(() => {
      retryTimer = null;
      void connect(gen);
    }, STREAM_RETRY_MS);
  };
  if (typeof EventSource === 'undefined') return fallback();
  try {
    const { ticket } = await api().chainTicket(d.key);
    if (gen !== generation) return;
    const es = new EventSource(chainStreamUrl(ticket, (path) => apiUrl(locale.value, path)));
    source = es;
    const streaming = () => {
      chainError.value = null;
      if (pollTimer) clearInterval(pollTimer);
      pollTimer = null;
      chainFeed.value = 'stream';
    };
    es.addEventListener('chain', (e) => {
      try {
        const m = e as MessageEvent<string>;
        chain.value = JSON.parse(m.data) as Chain;
        streamVersion = Number(m.lastEventId);
        streaming();
      } catch {
        // A malformed event: the next one or the polling corrects it.
      }
    });
    es.addEventListener('chain-rows', (e) => {
      if (source !== es || chain.value === null || streamVersion === null) return;
      let merged: ReturnType<typeof mergeChain>;
      try {
        merged = mergeChain(chain.value, streamVersion, JSON.parse((e as MessageEvent<string>).data) as ChainRows);
      } catch {
        return;
      }
      if (!merged) {
        // A frame was missed: the stream is opened again, and its first event is the whole chain.
        es.close();
        source = null;
        streamVersion = null;
        void connect(gen);
        return;
      }
      if (merged.chain !== chain.value) chain.value = merged.chain;
      streamVersion = merged.version;
      streaming();
    });
    es.onerror = () => {
      streamVersion = null;
      fallback();
    };
  } catch (err) {
    if (await lostKey(err)) return stopChain();
    fallback();
  }
}

/** Reads the rows now, polls until the stream's first event, and follows the stream. */
export function startChain(): void {
  stopChain();
  const gen = ++generation;
  void refreshChain();
  poll();
  void connect(gen);
}

export function stopChain(): void {
  generation++;
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  streamVersion = null;
  chainFeed.value = 'off';
}
