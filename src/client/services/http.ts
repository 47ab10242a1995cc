/**
 * The one HTTP wrapper of the client: the API base of the current locale, the bearer
 * token, JSON in and out, one error type, and the single place where a 401/422 may trigger a refresh.
 */
import { apiSegment, LOCALES, type Locale } from '../../shared/locales.ts';
import type { WireError } from '../../shared/wire.ts';
import { FALLBACK_HEADER } from '../sw/names.ts';

export class ApiError extends Error {
  declare readonly status: number;
  declare readonly field?: string;
  declare readonly body?: unknown;
  /** A 429's or 503's Retry-After, in seconds, when the server sent one. */
  declare readonly retryAfter?: number;
  constructor(status: number, message: string, field?: string, body?: unknown, retryAfter?: number) {
    super(message);
    // Assigned, not class fields: fields would bring esbuild's field helper into the first route.
    Object.assign(this, { status, field, body, retryAfter });
  }
  /** No answer at all: offline, DNS, reset. */
  get network() {
    return this.status === 0;
  }
}

export interface AuthBridge {
  token(): string | null;
  /** Tries once to renew the access token; resolves true when a new one is in place. */
  refresh(): Promise<boolean>;
  /** The login is lost for good. */
  lost(): void;
}

let auth: AuthBridge | null = null;
let bases: Record<string, string> = {};
/** Told after every call whether the server answered live (false: no answer, or the worker's cached copy). */
let reachable: (live: boolean) => void = () => {};

export function setAuthBridge(bridge: AuthBridge | null) {
  auth = bridge;
}

export function setReachability(listener: (live: boolean) => void) {
  reachable = listener;
}

export function setApiBases(next: Record<string, string>) {
  bases = next;
}

/** Base URL + path; NO, DK and SE drop the trailing slash. */
export function apiUrl(locale: Locale, path: string): string {
  const info = LOCALES[locale] ?? LOCALES.FI;
  const base = (bases[locale] ?? `/api/${apiSegment(LOCALES[locale] ? locale : 'FI')}`).replace(/\/$/, '');
  const [p, q] = path.split('?');
  const trimmed = info.trailingSlash ? (p.endsWith('/') ? p : `${p}/`) : p.replace(/\/$/, '');
  return base + trimmed + (q ? `?${q}` : '');
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the bearer token (and refresh once on 401/422). */
  auth?: boolean;
  /** Use this bearer instead of the access token (the refresh call). */
  bearer?: string;
  /** Further request headers (the order POST's Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function send(url: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const bearer = opts.bearer ?? (opts.auth ? auth?.token() : null);
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  try {
    const res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
    // The service worker marks a copy it served from its cache when the network failed.
    reachable(!res.headers?.get(FALLBACK_HEADER));
    return res;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    reachable(false);
    throw new ApiError(0, 'Network error');
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - now) / 1000));
}

async function errorOf(res: Response): Promise<ApiError> {
  let body: Partial<WireError> | undefined;
  try {
    body = (await res.json()) as Partial<WireError>;
  } catch {
    body = undefined;
  }
  return new ApiError(
    res.status,
    body?.error ?? res.statusText ?? 'Error',
    body?.field,
    body,
    retryAfterSeconds(res.headers.get('retry-after')),
  );
}

export async function request<T>(locale: Locale, path: string, opts: RequestOptions = {}): Promise<T> {
  const url = apiUrl(locale, path);
  let res = await send(url, opts);
  if ((res.status === 401 || res.status === 422) && opts.auth && auth) {
    if (await auth.refresh()) res = await send(url, opts);
    if (res.status === 401 || res.status === 422) {
      auth.lost();
      throw await errorOf(res);
    }
  }
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Same-origin JSON outside the API bases (config.json, locate). */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await send(url, { signal });
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}
