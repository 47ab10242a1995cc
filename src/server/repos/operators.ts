/** Per-shop operator keys: only a SHA-256 of each key is stored (operator_keys); a shop may hold several. */
import type { Queryable } from '../db/db.ts';

/** Adds a key to the shop, keeping its others; false when there is no such shop. */
export async function addOperatorKeyHash(q: Queryable, shopId: number, hash: string): Promise<boolean> {
  const { rows } = await q.query('INSERT INTO operator_keys (hash, shop_id) SELECT $2, id FROM shops WHERE id = $1 RETURNING shop_id', [
    shopId,
    hash,
  ]);
  return rows.length > 0;
}

export async function allShops(q: Queryable): Promise<{ id: number; name: string; country: string }[]> {
  const { rows } = await q.query<{ id: number; name: string; country: string }>('SELECT id, name, country FROM shops ORDER BY id');
  return rows;
}

export type DeviceRole = 'console' | 'display';
/** A paired browser's role: a shop's device, or the chain owner's (of no shop). */
export type PairedRole = DeviceRole | 'owner';
/**
 * Who a bearer is: the shop's own key (role 'shop', no device), a paired device of a shop, or one of the chain
 * owner's paired browsers (role 'owner', no shop: shopId null).
 */
export interface OperatorPrincipal {
  shopId: number | null;
  role: 'shop' | PairedRole;
  deviceId: number | null;
  name: string | null;
}

/** The shop key or live (not revoked) device key with this hash, or null. */
export async function principalOfKeyHash(q: Queryable, hash: string): Promise<OperatorPrincipal | null> {
  const { rows } = await q.query<OperatorPrincipal>(
    `SELECT shop_id AS "shopId", 'shop' AS role, NULL::integer AS "deviceId", NULL::text AS name FROM operator_keys WHERE hash = $1
     UNION ALL
     SELECT shop_id, role, id, name FROM device_keys WHERE hash = $1 AND revoked_at IS NULL`,
    [hash],
  );
  return rows[0] ?? null;
}

/** Notes that a device was seen; written at most once a minute per device, so reads stay cheap. */
export async function touchDevice(q: Queryable, deviceId: number, now: number): Promise<void> {
  await q.query('UPDATE device_keys SET last_seen_at = $2 WHERE id = $1 AND (last_seen_at IS NULL OR last_seen_at < $3)', [
    deviceId,
    new Date(now).toISOString(),
    new Date(now - 60_000).toISOString(),
  ]);
}

/** The chain owner's pairing code: of no shop. */
export async function insertOwnerPairingCode(q: Queryable, p: { hash: string; now: number; expiresAt: number }): Promise<void> {
  await q.query("INSERT INTO pairing_codes (hash, shop_id, role, created_at, expires_at) VALUES ($1, NULL, 'owner', $2, $3)", [
    p.hash,
    new Date(p.now).toISOString(),
    new Date(p.expiresAt).toISOString(),
  ]);
}

export async function insertPairingCode(
  q: Queryable,
  p: { hash: string; shopId: number; role: DeviceRole; now: number; expiresAt: number },
): Promise<boolean> {
  const { rows } = await q.query(
    'INSERT INTO pairing_codes (hash, shop_id, role, created_at, expires_at) ' +
      'SELECT $1, id, $3, $4, $5 FROM shops WHERE id = $2 RETURNING hash',
    [p.hash, p.shopId, p.role, new Date(p.now).toISOString(), new Date(p.expiresAt).toISOString()],
  );
  return rows.length > 0;
}

/** Uses a code that is unused and unexpired (one statement: two devices racing for one code cannot both win). */
export async function consumePairingCode(
  q: Queryable,
  hash: string,
  now: number,
): Promise<{ shopId: number | null; role: PairedRole } | null> {
  const { rows } = await q.query<{ shopId: number | null; role: PairedRole }>(
    'UPDATE pairing_codes SET used_at = $2 WHERE hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING shop_id AS "shopId", role',
    [hash, new Date(now).toISOString()],
  );
  return rows[0] ?? null;
}

/** Codes expired a day ago are of no use to anyone: removed now and then. */
export async function prunePairingCodes(q: Queryable, now: number): Promise<void> {
  await q.query('DELETE FROM pairing_codes WHERE expires_at < $1', [new Date(now - 86_400_000).toISOString()]);
}

export async function insertDeviceKey(
  q: Queryable,
  d: { hash: string; shopId: number | null; role: PairedRole; name: string; now: number },
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO device_keys (hash, shop_id, role, name, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [d.hash, d.shopId, d.role, d.name, new Date(d.now).toISOString()],
  );
  return rows[0].id;
}

export interface DeviceRow {
  id: number;
  name: string;
  role: PairedRole;
  createdAt: number;
  lastSeenAt: number | null;
  revokedAt: number | null;
}

export async function devicesOf(q: Queryable, shopId: number): Promise<DeviceRow[]> {
  const { rows } = await q.query<DeviceRow>(
    `SELECT id, name, role, created_at AS "createdAt", last_seen_at AS "lastSeenAt", revoked_at AS "revokedAt"
     FROM device_keys WHERE shop_id = $1 ORDER BY id`,
    [shopId],
  );
  return rows;
}

/** The chain owner's paired browsers, revoked ones included. */
export async function ownerDevices(q: Queryable): Promise<DeviceRow[]> {
  const { rows } = await q.query<DeviceRow>(
    `SELECT id, name, role, created_at AS "createdAt", last_seen_at AS "lastSeenAt", revoked_at AS "revokedAt"
     FROM device_keys WHERE role = 'owner' ORDER BY id`,
  );
  return rows;
}

/** Revokes one of the owner's browsers (a second revoke keeps the first time); false when there is no such one. */
export async function revokeOwnerDevice(q: Queryable, deviceId: number, now: number): Promise<boolean> {
  const { rows } = await q.query(
    "UPDATE device_keys SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1 AND role = 'owner' RETURNING id",
    [deviceId, new Date(now).toISOString()],
  );
  return rows.length > 0;
}

/** Whether the device's key still works (not revoked, not removed). */
export async function deviceActive(q: Queryable, deviceId: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM device_keys WHERE id = $1 AND revoked_at IS NULL', [deviceId]);
  return rows.length > 0;
}

/** Revokes one of the shop's devices (a second revoke keeps the first time); false when the shop has no such device. */
export async function revokeDevice(q: Queryable, shopId: number, deviceId: number, now: number): Promise<boolean> {
  const { rows } = await q.query(
    'UPDATE device_keys SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND shop_id = $2 RETURNING id',
    [deviceId, shopId, new Date(now).toISOString()],
  );
  return rows.length > 0;
}
