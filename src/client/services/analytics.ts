/**
 * A small first-party analytics service: `track(event, props)` keeps each event in memory (tests and a
 * debugging eye read `events()`) and, when an endpoint is configured, sends it with `navigator.sendBeacon`,
 * which survives a page change. No third party, no cookies, nothing about the customer beyond the props.
 */

export interface AnalyticsEvent {
  name: string;
  props: Record<string, string | number | boolean | null>;
  at: number;
}

/** Enough for a session's story; older events fall off so memory stays flat on a long-open tab. */
const MAX_EVENTS = 200;

let kept: AnalyticsEvent[] = [];
let endpoint: string | null = null;

/** Sets (or with null, clears) the same-origin URL events are beaconed to. */
export function configureAnalytics(url: string | null) {
  endpoint = url;
}

export function track(name: string, props: AnalyticsEvent['props'] = {}, now = Date.now()): AnalyticsEvent {
  const event: AnalyticsEvent = { name, props, at: now };
  kept = [...kept.slice(-(MAX_EVENTS - 1)), event];
  if (endpoint && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    try {
      navigator.sendBeacon(endpoint, new Blob([JSON.stringify(event)], { type: 'application/json' }));
    } catch {
      // A refused beacon (quota, blocked) must never break the action that tracked it.
    }
  }
  return event;
}

export function events(): readonly AnalyticsEvent[] {
  return kept;
}

export function resetAnalytics() {
  kept = [];
  endpoint = null;
}
