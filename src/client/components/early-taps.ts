/**
 * Taps on a server-rendered page before the app has taken it over (docs/decisions.md, "Taps before the app"): the
 * page's loader (build.ts, afterPaint) notes a tap on a control marked `data-tap` until the app starts hydrating;
 * the control, once live, takes its own tap back and does what the tap asked.
 */
declare global {
  interface Window {
    /** The keys (`data-tap`) of the controls tapped before the app took over, oldest first. */
    __taps?: string[];
  }
}

/** Takes the early tap on the control `key` (at most one): true when there was one. */
export function takeEarlyTap(key: string): boolean {
  const taps = typeof window === 'undefined' ? undefined : window.__taps;
  const at = taps?.indexOf(key) ?? -1;
  if (at < 0) return false;
  taps!.splice(at, 1);
  return true;
}

/** The keys of the controls tapped before the app took over and not taken yet, oldest first. */
export function earlyTaps(): readonly string[] {
  return (typeof window === 'undefined' ? undefined : window.__taps) ?? [];
}
