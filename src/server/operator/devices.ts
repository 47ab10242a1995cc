/**
 * The console's devices: a shop key or a paired console makes a one-time pairing code (the chain owner's are made on
 * the server's machine, operator/owner.ts)
 * (8 characters of an alphabet without look-alikes, valid 10 minutes, single use, only its hash stored); a device
 * that types it gets its own key with a role (console or display), named, listed and revocable. The tries of one
 * address are counted in the database (PAIRING_LIMIT_ADDRESS), like every limit.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { badRequest, notFound, unauthorized } from '../lib/http-error.ts';
import { enforce } from '../auth/throttle.ts';
import { iso } from '../lib/time.ts';
import {
  consumePairingCode,
  deviceActive,
  devicesOf,
  insertDeviceKey,
  insertOwnerPairingCode,
  insertPairingCode,
  prunePairingCodes,
  revokeDevice,
  type DeviceRole,
  type DeviceRow,
} from '../repos/operators.ts';
import { getShop } from '../repos/shops.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { WireDevice, WireOperatorMe, WirePairedDevice, WirePairingCode } from '../../shared/wire-devices.ts';
import { hashOperatorKey, newOperatorKey } from './keys.ts';
import type { OperatorPrincipal } from '../repos/operators.ts';

const MINUTE = 60_000;
/** How long a pairing code works. */
export const PAIRING_CODE_MINUTES = 10;
export const PAIRING_CODE_LENGTH = 8;
/** No 0/O, 1/I/L: a code read off a screen and typed on a tablet is typed right. 31 letters, ~40 bits in 8. */
export const PAIRING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** The window of PAIRING_LIMIT_ADDRESS. */
const PAIRING_WINDOW_MS = 15 * MINUTE;
const MAX_NAME = 40;

export const DEVICE_ROLES: readonly DeviceRole[] = ['console', 'display'];

/** A fresh code: each character drawn uniformly (randomInt rejects the biased tail). */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/** A typed code as stored: upper case, spaces and dashes dropped (the console may show it as ABCD-2345). */
export const normalizePairingCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');
const hashCode = (code: string) => createHash('sha256').update(`pairing:${code}`).digest('hex');

export type IssuedCode = WirePairingCode;

/** Makes a pairing code for the shop; null when there is no such shop. */
export async function issuePairingCode(deps: Pick<Deps, 'db'>, shopId: number, role: DeviceRole, now: number): Promise<IssuedCode | null> {
  const code = newPairingCode();
  const expiresAt = now + PAIRING_CODE_MINUTES * MINUTE;
  if (!(await insertPairingCode(deps.db, { hash: hashCode(code), shopId, role, now, expiresAt }))) return null;
  await prunePairingCodes(deps.db, now);
  return { code, role, expires_at: iso(expiresAt) };
}

/** Makes a pairing code for one of the chain owner's browsers (of no shop): the same length, life and single use. */
export async function issueOwnerPairingCode(deps: Pick<Deps, 'db'>, now: number): Promise<IssuedCode> {
  const code = newPairingCode();
  const expiresAt = now + PAIRING_CODE_MINUTES * MINUTE;
  await insertOwnerPairingCode(deps.db, { hash: hashCode(code), now, expiresAt });
  await prunePairingCodes(deps.db, now);
  return { code, role: 'owner', expires_at: iso(expiresAt) };
}

/**
 * POST /operator/pairing/: the device trades a code for its own key. Every try of the address counts, right or
 * wrong, before the code is looked at (429 with Retry-After past the limit); an unknown, used or expired code is
 * one 401 whichever it was.
 */
export async function pairDevice(deps: Deps, address: string, typed: unknown, name: string): Promise<WirePairedDevice> {
  const now = deps.now();
  await enforce(deps.db, now, [
    {
      name: 'pairingAddress',
      key: address,
      rule: { limit: deps.config.limits.pairingAddress, windowMs: PAIRING_WINDOW_MS, what: 'attempts' },
    },
  ]);
  if (typeof typed !== 'string' || !typed.trim()) throw badRequest('Missing code parameter', 'code');
  const code = normalizePairingCode(typed);
  if (code.length !== PAIRING_CODE_LENGTH) throw unauthorized(WIRE_ERRORS.invalidPairingCode);
  return deps.db.transaction(async (tx) => {
    const found = await consumePairingCode(tx, hashCode(code), now);
    if (!found) throw unauthorized(WIRE_ERRORS.invalidPairingCode);
    const key = newOperatorKey();
    const id = await insertDeviceKey(tx, { hash: hashOperatorKey(key), shopId: found.shopId, role: found.role, name, now });
    return { key, role: found.role, pob_id: found.shopId, device_id: id, name };
  });
}

/** The device's name as typed: trimmed, 1–40 characters. */
export function deviceName(v: unknown): string {
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) throw badRequest('Missing name parameter', 'name');
  if (typeof v !== 'string' || v.trim().length > MAX_NAME) throw badRequest('Invalid name', 'name');
  return v.trim();
}

export function deviceRole(v: unknown): DeviceRole {
  if (v === undefined || v === null) throw badRequest('Missing role parameter', 'role');
  if (!DEVICE_ROLES.includes(v as DeviceRole)) throw badRequest('Invalid role', 'role');
  return v as DeviceRole;
}

export async function listDevices(deps: Deps, shopId: number): Promise<WireDevice[]> {
  return (await devicesOf(deps.db, shopId)).map(wireDevice);
}

export const wireDevice = (d: DeviceRow): WireDevice => ({
  id: d.id,
  name: d.name,
  role: d.role,
  created_at: iso(d.createdAt),
  last_seen_at: iso(d.lastSeenAt),
  revoked_at: iso(d.revokedAt),
});

export async function removeDevice(deps: Deps, shopId: number, deviceId: number | null): Promise<void> {
  if (deviceId === null || !(await revokeDevice(deps.db, shopId, deviceId, deps.now()))) throw notFound('Device not found');
  // Its open streams end at once on every process, and its stream tickets stop opening new ones.
  await deps.changes.announceRevoked(deviceId);
}

/** GET /operator/me/: who the bearer is, so a console knows its shop and role. */
export async function whoAmI(deps: Deps, who: OperatorPrincipal): Promise<WireOperatorMe> {
  if (who.shopId === null) return { pob_id: null, pob_name: null, role: who.role, device_id: who.deviceId, name: who.name };
  const shop = await getShop(deps.db, who.shopId);
  if (!shop) throw unauthorized(WIRE_ERRORS.invalidOperatorKey);
  return { pob_id: shop.id, pob_name: shop.name, role: who.role, device_id: who.deviceId, name: who.name };
}

/** Whether a paired device still holds its key: a stream ticket it took dies with it once it is revoked. */
export const isDeviceActive = (deps: Pick<Deps, 'db'>, deviceId: number): Promise<boolean> => deviceActive(deps.db, deviceId);
