/**
 * A small first-party analytics service: `track(event, props)` keeps each event in memory (tests and a
 * debugging eye read `events()`) and, once configured with our own endpoint (outside local mode), sends it
 * with the error reports: batched, capped per device, beaconed (services/client-events.ts, loaded lazily).
 * No third party, no cookies, nothing about the customer beyond the props.
 */
import type { ReportTarget } from './client-events.ts';

export interface AnalyticsEvent {
  name: string;
  props: Record<string, string | number | boolean | null>;
  at: number;
}

/** Enough for a session's story; older events fall off so memory stays flat on a long-open tab. */
const MAX_EVENTS = 200;

let kept: AnalyticsEvent[] = [];
let target: ReportTarget | null = null;

/** Sets (or with null, clears) where events go besides memory. */
export function configureAnalytics(to: ReportTarget | null) {
  target = to;
}

export function track(name: string, props: AnalyticsEvent['props'] = {}, now = Date.now()): AnalyticsEvent {
  const event: AnalyticsEvent = { name, props, at: now };
  kept = [...kept.slice(-(MAX_EVENTS - 1)), event];
  const to = target;
  // A sender that cannot load (offline) must never break the action that tracked it.
  if (to)
    import('./client-events.ts').then(
      (m) => m.enqueue(to, { kind: 'analytics', name, at: now, route: location.pathname, props }),
      () => {},
    );
  return event;
}

export function events(): readonly AnalyticsEvent[] {
  return kept;
}

export function resetAnalytics() {
  kept = [];
  target = null;
}
