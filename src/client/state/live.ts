/**
 * Following something live (the shop page, the tracking screen): a server-sent event stream while the page is
 * visible, the 30 s polling whenever no stream is delivering (none yet, a failed one, a proxy that buffers, no
 * EventSource at all), nothing while hidden. A failed stream is opened again with backoff, each time with a new
 * URL (a new ticket); once it delivers again, polling stops. The stream service is a lazy chunk.
 */
import { signal } from '@preact/signals-react';
import * as liveService from '../services/live.ts';

/** How the followed thing is being kept current now (tests and diagnostics read it). */
export const liveMode = signal<'stream' | 'poll' | 'paused'>('paused');

/** First wait before opening a failed stream again; doubled per failure up to MAX_BACKOFF_MS. */
export const BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 60_000;

export interface Follow<T> {
  /** The poll: the same read as before streams (the matching GET). */
  run: () => unknown;
  everyMs: number;
  /** Run the poll at once on start (as the plain polling did). */
  immediate?: boolean;
  /** A new stream URL for each connection (a new ticket); null: no stream for this now. */
  url: () => Promise<string | null>;
  /** The stream's event name and what to do with its data (the same JSON as the poll's answer). */
  event: string;
  onData: (data: T) => void;
}

// In the chunk of the screens that follow something (a chunk more would be a request more for each).
type Service = typeof liveService;
const loadService = () => Promise.resolve(liveService);

export function follow<T>(o: Follow<T>): () => void {
  let stopped = false;
  let stream: { close(): void } | null = null;
  /** The open stream has delivered: polling rests. */
  let streaming = false;
  let failures = 0;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every (re)connect, stop and hide: an answer for an older attempt is dropped. */
  let attempt = 0;
  const supported = typeof EventSource !== 'undefined';
  const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

  const mode = () => {
    liveMode.value = stopped || !visible() ? 'paused' : streaming ? 'stream' : 'poll';
  };
  const startPolling = () => {
    if (pollTimer !== undefined || stopped || !visible() || streaming) return;
    pollTimer = setInterval(() => void o.run(), o.everyMs);
  };
  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = undefined;
  };
  const closeStream = () => {
    attempt++;
    clearTimeout(retryTimer);
    stream?.close();
    stream = null;
    streaming = false;
  };

  const failed = (mine: number) => {
    if (mine !== attempt) return;
    stream?.close();
    stream = null;
    streaming = false;
    failures++;
    startPolling();
    mode();
    clearTimeout(retryTimer);
    const delay = Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** (failures - 1));
    retryTimer = setTimeout(() => void connect(), delay * (0.75 + Math.random() / 2));
  };

  const connect = async () => {
    if (stopped || !visible() || !supported) return;
    const mine = ++attempt;
    let url: string | null;
    let live: Service;
    try {
      [url, live] = await Promise.all([o.url(), loadService()]);
    } catch {
      return failed(mine);
    }
    if (mine !== attempt) return;
    // Nothing to follow yet (the order id still on its way): asked again after the backoff, polling meanwhile.
    if (url === null) return failed(mine);
    stream = live.openStream(url, o.event, {
      data: (value) => {
        if (mine !== attempt) return;
        if (!streaming) {
          streaming = true;
          failures = 0;
          stopPolling();
          mode();
        }
        o.onData(value as T);
      },
      error: () => failed(mine),
    });
  };

  const onVisibility = () => {
    if (!visible()) {
      closeStream();
      stopPolling();
    } else {
      // Back in view: the stream brings the current state; while streams are failing the poll does, at once.
      if (!supported || failures > 0) void o.run();
      startPolling();
      void connect();
    }
    mode();
  };

  if (o.immediate) void o.run();
  startPolling();
  void connect();
  mode();
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopped = true;
    closeStream();
    stopPolling();
    mode();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
  };
}
