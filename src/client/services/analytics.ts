/**
 * A small first-party analytics service: `track(event, props)` keeps each event in memory (tests and a
 * debugging eye read `events()`) and sends it where error reports go (services/reporting.ts: our own endpoint,
 * none in local mode): batched, capped per device, beaconed (services/client-events.ts, loaded lazily). It loads
 * with the screens that track, not at the start.
 * No third party, no cookies, nothing about the customer beyond the props.
 */
import { reportTarget } from './reporting.ts';

export interface AnalyticsEvent {
  name: string;
  props: Record<string, string | number | boolean | null>;
  at: number;
}

/** Enough for a session's story; older events fall off so memory stays flat on a long-open tab. */
const MAX_EVENTS = 200;

let kept: AnalyticsEvent[] = [];

export function track(name: string, props: AnalyticsEvent['props'] = {}, now = Date.now()): AnalyticsEvent {
  const event: AnalyticsEvent = { name, props, at: now };
  kept = [...kept.slice(-(MAX_EVENTS - 1)), event];
  const to = reportTarget();
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
}
