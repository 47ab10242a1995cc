/**
 * The rate limits of the account calls, per phone and per client address. Counters live in the database
 * (repos/limits.ts), so they hold across processes. Every attempt counts, allowed or not: a client that keeps
 * hammering a blocked key stays blocked.
 */
import { tooManyText } from '../../shared/wire-errors.ts';
import type { Queryable } from '../db/db.ts';
import { HttpError } from '../lib/http-error.ts';
import { clear, clearPrefix, hit, prune, retryAt } from '../repos/limits.ts';

const MIN = 60_000;

export interface Limit {
  limit: number;
  windowMs: number;
  /** What is limited, for the 429 text. */
  what: 'attempts' | 'code requests' | 'requests' | 'joins';
}

export const LIMITS = {
  /**
   * Logins for one phone from one address; a successful login clears it. Strangers elsewhere do not count here,
   * so they cannot lock the owner out; LOGIN_LIMIT_PHONE_ADDRESS.
   */
  loginPhoneAddress: { limit: 10, windowMs: 15 * MIN, what: 'attempts' },
  /** Logins for one phone from anywhere: a higher ceiling against guessing from many addresses; LOGIN_LIMIT_PHONE. */
  loginPhone: { limit: 50, windowMs: 60 * MIN, what: 'attempts' },
  /** Logins from one address; generous, a shop's Wi-Fi is shared by many customers. */
  loginAddress: { limit: 100, windowMs: 15 * MIN, what: 'attempts' },
  /**
   * SMS codes (recovery, phone proof, phone change) per phone: at most 3 an hour, whether or not the phone has an
   * account (CODE_LIMIT_PHONE); per address across phones (CODE_LIMIT_ADDRESS).
   */
  codePhone: { limit: 3, windowMs: 60 * MIN, what: 'code requests' },
  codeAddress: { limit: 10, windowMs: 60 * MIN, what: 'code requests' },
  /** Code guesses per address, across phones (each code also has its own 5-try cap); CODE_TRY_LIMIT_ADDRESS. */
  resetAddress: { limit: 30, windowMs: 15 * MIN, what: 'attempts' },
  registerAddress: { limit: 20, windowMs: 60 * MIN, what: 'requests' },
  /** Wrong current passwords on /password/ for one customer (a stolen access token must not brute-force it). */
  passwordCustomer: { limit: 10, windowMs: 15 * MIN, what: 'attempts' },
  teaserAddress: { limit: 20, windowMs: 60 * MIN, what: 'requests' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** The 429 of a limit, with the wait rounded up to whole minutes. */
export class TooManyRequests extends HttpError {
  constructor(
    readonly what: string,
    readonly retryAfterMs: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / MIN));
    super(429, tooManyText(what, minutes), undefined, Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
}

let hitsSincePrune = 0;

/**
 * Counts one hit on each named key and throws TooManyRequests (its wait becomes Retry-After) when any is over its
 * limit. A check names a rule of LIMITS (`limit` replaces its default, from a setting of config.ts) or brings a rule
 * whose numbers are all settings.
 */
export type Check = { name: LimitName; key: string; limit?: number } | { name: string; key: string; rule: Limit };

export async function enforce(q: Queryable, now: number, checks: Check[]): Promise<void> {
  const results = await Promise.all(
    checks.map(async (check) => {
      const { name, key } = check;
      const rule: Limit =
        'rule' in check ? check.rule : check.limit === undefined ? LIMITS[check.name] : { ...LIMITS[check.name], limit: check.limit };
      const result = await hit(q, `${name}:${key}`, now, rule.windowMs);
      return { rule, result };
    }),
  );
  // Old buckets are removed now and then rather than by a timer, so no process needs a scheduler.
  hitsSincePrune += checks.length;
  if (hitsSincePrune >= 200) {
    hitsSincePrune = 0;
    await prune(q, now);
  }
  let worst: { what: string; at: number } | null = null;
  for (const { rule, result } of results) {
    if (result.count <= rule.limit) continue;
    const at = retryAt(result, rule.limit, rule.windowMs);
    if (!worst || at > worst.at) worst = { what: rule.what, at };
  }
  if (!worst) return;
  const wait = Number.isFinite(worst.at) ? worst.at - now : LIMITS.codePhone.windowMs;
  throw new TooManyRequests(worst.what, wait);
}

export async function forget(q: Queryable, name: LimitName, key: string): Promise<void> {
  await clear(q, `${name}:${key}`);
}

/** Forgets one counter by its full key (`name:key`), for the limits whose rule is a setting. */
export async function forgetKey(q: Queryable, fullKey: string): Promise<void> {
  await clear(q, fullKey);
}

/** The key of a phone and address together. */
export const phoneAddress = (phone: string, address: string): string => `${phone}|${address}`;

/** Forgets every phone-and-address key of a phone (the owner proved the phone by a recovery code). */
export async function forgetPhone(q: Queryable, phone: string): Promise<void> {
  await clear(q, `loginPhone:${phone}`);
  await clearPrefix(q, `loginPhoneAddress:${phone}|`);
}
