/**
 * Offline (the app opens offline with the last known data): the banner's
 * state, from the browser's connection events and from API calls that got no live answer; and the
 * worker's per-customer cache kept in step with the session, so a logout leaves no one's reads behind.
 */
import { computed, effect, signal } from '@preact/signals-react';
import { setReachability } from '../services/http.ts';
import { forgetPrivateReads, watchConnection } from '../services/worker.ts';
import { sync, user } from './session.ts';

/** The browser reports no network (navigator.onLine). */
export const browserOffline = signal(false);
/** The last API call got no answer, or only the worker's cached copy. */
export const apiUnreachable = signal(false);
export const offline = computed(() => browserOffline.value || apiUnreachable.value);

const customerId = computed(() => user.value?.id ?? null);
let stop: (() => void) | null = null;

export function startOffline(): () => void {
  stop?.();
  setReachability((live) => {
    apiUnreachable.value = !live;
  });
  const unwatch = watchConnection((online) => {
    browserOffline.value = !online;
    if (online) apiUnreachable.value = false;
  });
  // Decided only once the stored login is restored: before that a logged-in customer looks like a guest.
  const unforget = effect(() => {
    const s = sync.value;
    const id = customerId.value;
    if (s === 'synced' || s === 'failed') void forgetPrivateReads(id);
  });
  stop = () => {
    unwatch();
    unforget();
    setReachability(() => {});
    stop = null;
  };
  return stop;
}

export function reset() {
  stop?.();
  browserOffline.value = false;
  apiUnreachable.value = false;
}
