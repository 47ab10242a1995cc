/**
 * The shop's keys: a per-shop key (`npm run operator-key`) or a paired device's key (operator/devices.ts), stored
 * only as a hash; who a bearer is, and whether it may read or change a shop. The chain owner's paired browsers
 * (operator/owner.ts) read every shop and change shifts, but serve no customer (docs/decisions.md, "The chain owner's key").
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { addOperatorKeyHash, principalOfKeyHash, touchDevice, type OperatorPrincipal } from '../repos/operators.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';

/** A new key: 256 random bits, prefixed so it is recognisable in a config file. */
export const newOperatorKey = (): string => `opk_${randomBytes(32).toString('base64url')}`;
/** The key's stored form. A plain SHA-256 suffices: the key is random, not a password. */
export const hashOperatorKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Makes a new key for the shop; its other keys keep working. Null when there is no such shop. */
export async function issueOperatorKey(q: Queryable, shopId: number): Promise<string | null> {
  const key = newOperatorKey();
  return (await addOperatorKeyHash(q, shopId, hashOperatorKey(key))) ? key : null;
}

/**
 * Who the bearer is: one of a shop's keys (`npm run operator-key`) or a paired device's key (operator/devices.ts);
 * 401 for no key, an unknown or a revoked one. A device is noted as seen (at most once a minute).
 */
export async function operatorOf(q: Queryable, bearer: string | null, now = Date.now()): Promise<OperatorPrincipal> {
  if (!bearer) throw unauthorized(WIRE_ERRORS.missingOperatorKey);
  // Looked up by the hash of a 256-bit random key: timing reveals nothing an attacker could use.
  const who = await principalOfKeyHash(q, hashOperatorKey(bearer));
  if (!who) throw unauthorized(WIRE_ERRORS.invalidOperatorKey);
  if (who.deviceId !== null) await touchDevice(q, who.deviceId, now);
  return who;
}

/** A key of another shop is a 403: a key of shop A cannot touch shop B. The chain owner reads every shop. */
export function mayRead(who: OperatorPrincipal, target: number): void {
  if (who.role !== 'owner' && who.shopId !== target) throw forbidden(WIRE_ERRORS.otherShopKey);
}

/** As mayRead, for a change on the floor (customers, devices, breaks): a display only reads, the owner serves no one (403). */
export function mayAct(who: OperatorPrincipal, target: number): void {
  mayRead(who, target);
  if (who.role === 'display') throw forbidden(WIRE_ERRORS.displayReadOnly);
  if (who.role === 'owner') throw forbidden(WIRE_ERRORS.ownerNoFloor);
}

/** As mayRead, for a change to the shop's shifts: the shop's own keys and consoles, and the chain owner for any shop. */
export function mayPlan(who: OperatorPrincipal, target: number): void {
  mayRead(who, target);
  if (who.role === 'display') throw forbidden(WIRE_ERRORS.displayReadOnly);
}

/** The chain's screen and the owner's browsers: the owner's key only (403 for a shop's). */
export function mayOwn(who: OperatorPrincipal): void {
  if (who.role !== 'owner') throw forbidden(WIRE_ERRORS.ownerOnly);
}

/**
 * The bearer must be one of the target shop's keys or devices (found by its hash). A valid key of another shop is
 * a 403, anything else a 401. Reading only: a display passes too.
 */
export async function authorizeShop(q: Queryable, bearer: string | null, target: number, now = Date.now()): Promise<OperatorPrincipal> {
  const who = await operatorOf(q, bearer, now);
  mayRead(who, target);
  return who;
}

/** As authorizeShop, for a change on the shop's floor: a display key only reads, the owner serves no one (403). */
export async function authorizeAction(q: Queryable, bearer: string | null, target: number, now = Date.now()): Promise<OperatorPrincipal> {
  const who = await operatorOf(q, bearer, now);
  mayAct(who, target);
  return who;
}

/** As authorizeShop, for a change to the shop's shifts (mayPlan): the owner may, a display may not. */
export async function authorizePlan(q: Queryable, bearer: string | null, target: number, now = Date.now()): Promise<OperatorPrincipal> {
  const who = await operatorOf(q, bearer, now);
  mayPlan(who, target);
  return who;
}

/** The chain owner's requests: 401 without a valid key, 403 for a shop's key or device. */
export async function authorizeOwner(q: Queryable, bearer: string | null, now = Date.now()): Promise<OperatorPrincipal> {
  const who = await operatorOf(q, bearer, now);
  mayOwn(who);
  return who;
}
