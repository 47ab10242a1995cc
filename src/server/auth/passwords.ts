/**
 * Password hashing with scrypt from node:crypto. The stored string carries its own parameters
 * (`$scrypt$ln=17,r=8,p=1$<salt>$<hash>`, PHC style), so the cost can be raised later: old hashes still
 * verify, and a login re-hashes them with the current parameters.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { scryptInPool } from './hash-pool.ts';

export { HashBusyError, hashPoolState, setHashPoolLimits } from './hash-pool.ts';

export interface ScryptParams {
  /** log2 of N, the CPU/memory cost. */
  logN: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1 (128 MiB of memory per hash). */
export const OWASP_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, { logN, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r·p bytes; Node's default maxmem (32 MiB) is too small for the OWASP cost.
  const maxmem = 128 * N * r * p + 32 * 1024 * 1024;
  // On the bounded hashing pool, never on libuv's threads (where compression runs); a full queue is a 503.
  return scryptInPool({ password: password.normalize('NFC'), salt, keyBytes: KEY_BYTES, N, r, p, maxmem });
}

export async function hashPassword(password: string, params: ScryptParams = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface Parsed {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const m = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!m) return null;
  return {
    params: { logN: Number(m[1]), r: Number(m[2]), p: Number(m[3]) },
    salt: Buffer.from(m[4], 'base64url'),
    key: Buffer.from(m[5], 'base64url'),
  };
}

/** The parameters a stored hash was made with (null when it is not one of ours). */
export function paramsOf(stored: string): ScryptParams | null {
  return parse(stored)?.params ?? null;
}

/** Constant-time comparison of the derived key; a malformed stored hash never verifies. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the stored hash is cheaper than the current parameters (re-hash it at the next login). */
export function needsRehash(stored: string, current: ScryptParams): boolean {
  const p = paramsOf(stored);
  return !p || p.logN < current.logN || p.r < current.r || p.p < current.p;
}

// A hash of nothing in particular: an unknown phone still costs one scrypt, so timing does not tell
// whether an account exists. Made lazily per parameter set.
const dummies = new Map<string, Promise<string>>();

export async function burnVerify(password: string, params: ScryptParams): Promise<void> {
  const id = `${params.logN},${params.r},${params.p}`;
  let dummy = dummies.get(id);
  if (!dummy) {
    dummy = hashPassword(randomBytes(12).toString('hex'), params);
    dummies.set(id, dummy);
    // A dummy that could not be made (a full hashing queue) is made again next time, not remembered as failed.
    dummy.catch(() => dummies.delete(id));
  }
  await verifyPassword(password, await dummy);
}
