/**
 * The page's side of the worker's caches: the customer's private cache is deleted from here, and the connection
 * watched (registering the worker is register-worker.ts, loaded after the first screen).
 */
import { foreignPrivateCaches } from '../sw/names.ts';

/** Deletes the cached reads of every customer but the one logged in (all of them after a logout). */
export async function forgetPrivateReads(customerId: number | null): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(foreignPrivateCaches(await caches.keys(), customerId).map((k) => caches.delete(k)));
  } catch {
    // Storage blocked: there is nothing cached to forget.
  }
}

/** The browser's own idea of the connection; calls back on every change. Returns the stop. */
export function watchConnection(onChange: (online: boolean) => void): () => void {
  const on = () => onChange(true);
  const off = () => onChange(false);
  addEventListener('online', on);
  addEventListener('offline', off);
  onChange(navigator.onLine !== false);
  return () => {
    removeEventListener('online', on);
    removeEventListener('offline', off);
  };
}
