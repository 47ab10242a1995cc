/**
 * One read's state: its data, 'pending' while nothing is shown yet, 'fulfilled', or
 * 'rejected' with the error text. A failed refresh keeps what is shown; an answer for a session that has
 * ended meanwhile (`still` false) changes nothing.
 */
import { batch, signal, type ReadonlySignal } from '@preact/signals-react';
import { ApiError } from '../services/http.ts';

export type FetchStatus = 'idle' | 'pending' | 'fulfilled' | 'rejected';

export interface Request<T> {
  data: ReadonlySignal<T>;
  status: ReadonlySignal<FetchStatus>;
  /** The answer's error text when the read was rejected. */
  error: ReadonlySignal<string | null>;
  /** Runs the read; resolves whether it answered. */
  run(read: () => Promise<T>, still?: () => boolean): Promise<boolean>;
  /** Changes the data in place (a message marked read). */
  update(next: T): void;
  /** Sets the status without a read: 'fulfilled' for data put in place from elsewhere (a rendered page's). */
  settle(status?: FetchStatus): void;
  reset(): void;
}

/** `shown` says whether data is there to show (a non-empty list), so a failed refresh keeps it. */
export function createRequest<T>(empty: T, shown: (data: T) => boolean): Request<T> {
  const data = signal<T>(empty);
  const status = signal<FetchStatus>('idle');
  const error = signal<string | null>(null);
  return {
    data,
    status,
    error,
    async run(read, still = () => true) {
      if (!shown(data.peek())) status.value = 'pending';
      try {
        const next = await read();
        if (!still()) return false;
        batch(() => {
          data.value = next;
          status.value = 'fulfilled';
          error.value = null;
        });
        return true;
      } catch (err) {
        if (!still() || shown(data.peek())) return false;
        batch(() => {
          status.value = 'rejected';
          error.value = err instanceof ApiError ? err.message : String(err);
        });
        return false;
      }
    },
    update(next) {
      data.value = next;
    },
    settle(next = 'fulfilled') {
      batch(() => {
        status.value = next;
        error.value = null;
      });
    },
    reset() {
      batch(() => {
        data.value = empty;
        status.value = 'idle';
        error.value = null;
      });
    },
  };
}
