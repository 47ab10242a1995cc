/**
 * The pure half of the router: a route table, a matcher and the guard. No DOM here, so Node tests it alone.
 * Patterns: '/barbershop/:id' matches exactly; `prefix: true` also matches deeper paths ('/barbers/7/x').
 */
export interface RouteDef<S = string> {
  path: string;
  screen: S;
  prefix?: boolean;
  /** Guarded routes send logged-out users to / without animation. */
  auth?: boolean;
}

export interface Match<S = string> {
  route: RouteDef<S>;
  params: Record<string, string>;
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Matches one route; params are URI-decoded. */
function matchOne<S>(route: RouteDef<S>, path: string): Match<S> | null {
  const want = split(route.path);
  const have = split(path);
  if (have.length < want.length || (!route.prefix && have.length !== want.length)) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(have[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== have[i]) return null;
  }
  return { route, params };
}

/** First matching route in table order, else the route marked as the catch-all ('*'). */
export function match<S>(routes: readonly RouteDef<S>[], path: string): Match<S> {
  for (const route of routes) {
    if (route.path === '*') continue;
    const m = matchOne(route, path);
    if (m) return m;
  }
  const fallback = routes.find((r) => r.path === '*');
  if (!fallback) throw new Error(`no route for ${path} and no catch-all`);
  return { route: fallback, params: {} };
}

export type Redirect = { to: string; animate: boolean } | null;

/** The guard as data and one function: where a logged-out user is sent instead. */
export function guard(route: RouteDef<unknown>, loggedIn: boolean): Redirect {
  if (route.auth && !loggedIn) return { to: '/', animate: false };
  return null;
}

/** A redirect keeps the query string of the page it replaces. */
export function withQuery(to: string, search: string): string {
  if (!search || search === '?' || to.includes('?')) return to;
  return to + (search.startsWith('?') ? search : `?${search}`);
}

/** Paths that show the navigation bar: those starting with root, home, search, profile, list, barbers, bonus, tracking, barbershop. */
const NAV_PREFIXES = ['home', 'search', 'profile', 'list', 'barbers', 'bonus', 'tracking', 'barbershop'];
export function showsNav(path: string): boolean {
  const first = split(path)[0];
  return first === undefined || NAV_PREFIXES.includes(first);
}
