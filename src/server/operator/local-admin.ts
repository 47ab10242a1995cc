/**
 * How `npm run operator-key -- <shopId> --pair` reaches a running server. On PGlite the server owns the
 * data directory (DATA_DIR/pglite.lock), so the script cannot write the database itself. The server makes a random
 * secret at each start and writes it with its port to DATA_DIR/local-admin.json (mode 0600, removed at shutdown);
 * the script reads it and asks POST /api/{locale}/operator/local/pobs/{id}/pairing-codes/ on 127.0.0.1. Whoever
 * can read DATA_DIR can read the database anyway, so the file grants nothing new; the route also refuses any peer
 * but the loopback (the socket's own address, never X-Forwarded-For) and answers 404 when there is no secret.
 * On PostgreSQL the script writes the database directly, as every process may.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_ADMIN_FILE = 'local-admin.json';

export interface LocalAdmin {
  port: number;
  token: string;
  pid: number;
}

/** Writes DATA_DIR/local-admin.json whole (temporary file, then rename), readable by the owner only. */
export function writeLocalAdmin(dataDir: string, admin: LocalAdmin): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCAL_ADMIN_FILE);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(admin)}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return file;
}

export function removeLocalAdmin(dataDir: string): void {
  rmSync(join(dataDir, LOCAL_ADMIN_FILE), { force: true });
}

export function readLocalAdmin(dataDir: string): LocalAdmin | null {
  try {
    const v = JSON.parse(readFileSync(join(dataDir, LOCAL_ADMIN_FILE), 'utf8')) as LocalAdmin;
    return typeof v.port === 'number' && typeof v.token === 'string' ? v : null;
  } catch {
    return null;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer is the secret (compared in constant time). */
export const isLocalAdmin = (secret: string | null, bearer: string | null): boolean =>
  secret !== null && bearer !== null && timingSafeEqual(digest(secret), digest(bearer));

/** The peer is this machine: 127.0.0.0/8 or ::1 (also as an IPv4-mapped address). */
export const isLoopback = (address: string | undefined): boolean =>
  Boolean(address && (/^(::ffff:)?127\./.test(address) || address === '::1'));
