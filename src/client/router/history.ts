/**
 * The DOM half of the router (~navaid): one `popstate` listener and one delegated click handler that
 * ignores modifier keys, `target` links, downloads and other origins. The location is a signal.
 */
import { signal } from '@preact/signals-react';
import { withQuery } from './match.ts';

export type Direction = 'forward' | 'back' | 'none';

export interface Loc {
  path: string;
  search: string;
  direction: Direction;
}

function current(direction: Direction): Loc {
  return { path: location.pathname, search: location.search, direction };
}

export const loc = signal<Loc>({ path: '/', search: '', direction: 'none' });
/** The path before the current one (the shop page clears the barber when coming from / or /home). */
export const previousPath = signal<string | null>(null);

let index = 0;

/**
 * A layer over the screen with a history entry of its own (the order review): the phone's Back closes it and leaves
 * the screen as it was, and a reload of the page finds it named in the entry's state (router/overlay.ts).
 */
export const overlay = signal<string | null>(null);

/** A new entry at the same address with `state` (router/overlay.ts opens a layer with it). */
export function pushHere(state: object) {
  history.pushState({ ...state, index: ++index }, '');
}

function set(next: Loc) {
  previousPath.value = loc.value.path;
  loc.value = next;
}

export interface NavigateOptions {
  replace?: boolean;
  /** false: no slide (the guard's redirect). */
  animate?: boolean;
  /** Keep the current query string (redirects do). */
  keepQuery?: boolean;
}

export function navigate(to: string, opts: NavigateOptions = {}) {
  const target = opts.keepQuery ? withQuery(to, location.search) : to;
  if (opts.replace) history.replaceState({ index }, '', target);
  else history.pushState({ index: ++index }, '', target);
  set(current(opts.animate === false ? 'none' : 'forward'));
  scrollTo(0, 0);
}

/** A redirect: replaces the entry, keeps the query string, slides right. */
export function redirect(to: string, animate = true) {
  navigate(to, { replace: true, keepQuery: true, animate });
}

export function back(fallback = '/home') {
  if (index > 0) history.back();
  else navigate(fallback, { replace: true });
}

// Until the app has taken over the page (app/start.ts), a tapped link is a plain navigation: moved by the router
// meanwhile, the app would hydrate markup of one screen as another.
let routing = true;
/** Taps on links load pages (false) or move the app (true, the default). */
export function routeTaps(on: boolean) {
  routing = on;
}

function onClick(e: MouseEvent) {
  if (!routing || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a?.href || a.target || a.hasAttribute('download') || a.getAttribute('rel') === 'external') return;
  const url = new URL(a.href);
  if (url.origin !== location.origin) return;
  e.preventDefault();
  if (url.pathname + url.search === location.pathname + location.search) return;
  navigate(url.pathname + url.search + url.hash);
}

function onPop(e: PopStateEvent) {
  const to = (e.state as { index?: number } | null)?.index ?? 0;
  const direction: Direction = to < index ? 'back' : 'forward';
  index = to;
  overlay.value = (e.state as { overlay?: string } | null)?.overlay ?? null;
  // Into or out of a layer over the same screen: the screen stays as it is.
  const next = current(direction);
  if (next.path + next.search !== loc.peek().path + loc.peek().search) set(next);
}

/** Starts listening; returns the function that stops. */
export function listen(): () => void {
  index = (history.state as { index?: number } | null)?.index ?? 0;
  if (!history.state) history.replaceState({ index }, '');
  loc.value = current('none');
  addEventListener('popstate', onPop);
  addEventListener('click', onClick);
  return () => {
    removeEventListener('popstate', onPop);
    removeEventListener('click', onClick);
  };
}
