/**
 * Error reporting's first-route half: the window's uncaught errors and unhandled rejections, and the
 * screens' render errors (app/ErrorBoundary.tsx), become events for our own server. Only this much ships with the
 * first route; the sender that scrubs, batches, caps and beacons them (client-events.ts) loads with the first event.
 */
import type { WireClientEvent } from '../../shared/wire.ts';
import type { ReportTarget } from './client-events.ts';

let target: ReportTarget | null = null;

/** The sender module, loaded once: every event waits on the same promise, so events keep their order. */
let sender: Promise<typeof import('./client-events.ts')> | null = null;

export function send(event: WireClientEvent) {
  const to = target;
  if (!to) return;
  sender ??= import('./client-events.ts');
  sender.then(
    (m) => m.enqueue(to, event),
    // A failed chunk load (offline) drops the event, and the next event tries again: reporting must never raise
    // errors of its own.
    () => {
      sender = null;
    },
  );
}

export function reportError(name: string, err: unknown, stack?: string | null) {
  const e = err as { message?: unknown; stack?: unknown } | null;
  send({
    kind: 'error',
    name,
    at: Date.now(),
    route: location.pathname,
    message: String(e?.message ?? err),
    stack: stack || (typeof e?.stack === 'string' ? e.stack : undefined),
  });
}

/** Where reports go (null: nowhere, local mode or not started); analytics sends its events there too. */
export const reportTarget = () => target;

/** Starts (with a target) or leaves off (null: local mode) reporting; the listeners go on once. */
export function startReporting(to: ReportTarget | null) {
  if (to && !target) {
    addEventListener('error', (e) => reportError('error', e.error ?? e.message));
    addEventListener('unhandledrejection', (e) => reportError('unhandledrejection', e.reason));
  }
  target = to;
}
