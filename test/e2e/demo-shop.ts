/**
 * The set-up the console journeys share against the real server on the seeded demo (no simulator): the demo
 * migrated and seeded in this process (so the server starts once, on a seeded directory, as it would after its own
 * first start), a shop opened round the clock with the queue and the shifts a journey needs, then the server; calls
 * to its API, the shops' operator keys from the key file it writes, and a console paired in a page.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import type { Db } from '../../src/server/db/db.ts';
import { openDb } from '../../src/server/db/open.ts';
import { seedIfEmpty } from '../../src/server/seed/index.ts';
import { migratedDataDir } from '../server/db-templates.ts';
import { startServer, type Server } from './browser.ts';

export const MIN = 60_000;
/** The demo customers' password (seed/accounts.ts). */
const DEMO_PASSWORD = 'Demo1234';

export interface DemoServer extends Server {
  /** The demo's API in Finnish (`?lang=` in the path for another language): the answer, asserted 2xx. */
  api<T = unknown>(path: string, method: string, body?: unknown, token?: string): Promise<T>;
  /** The shops' operator keys and the console's pairing code, as the server wrote them at its start. */
  keys(): Record<string, { key: string; pairing_code: string }>;
  /** Pairs `page` as a console with `code` and the device's name. */
  pair(page: Page, code: string, name?: string): Promise<void>;
  /** A demo customer logged in through the API (+358… phone, the demo password): his id and access token. */
  customer(phone: string): Promise<{ id: number; token: string }>;
  /** `page` logged in as a demo customer on the login screen (the phone as typed there, "0401000002"). */
  signIn(page: Page, phone: string): Promise<void>;
}

/**
 * The demo seeded in a new data directory (the demo customers hashed at 2^`logN`: they log in at that cost, and the
 * server re-hashes at its own), `prepare` run on it, then the server started on it with `env` (SIMULATOR and
 * DEVELOPMENT off unless given). Its stop also removes the directory.
 */
export async function demoServer(
  prepare: (db: Db, now: number) => Promise<void>,
  opts: { env?: Record<string, string>; logN?: number } = {},
): Promise<DemoServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'walkin-demo-e2e-'));
  await migratedDataDir(dataDir);
  const db = await openDb({ databaseUrl: null, dataDir });
  try {
    const now = Date.now();
    await seedIfEmpty(db, { now, development: false, scrypt: { logN: opts.logN ?? 12, r: 8, p: 1 }, accounts: true });
    await prepare(db, now);
  } finally {
    await db.close();
  }
  const server = await startServer({ SIMULATOR: '0', DEVELOPMENT: '0', ...opts.env, DATA_DIR: dataDir });
  const api = async <T>(path: string, method: string, body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${server.url}/api/fi${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    assert.ok(res.ok, `${method} ${path} ${JSON.stringify(body)}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    ...server,
    dataDir,
    api,
    keys: () => JSON.parse(readFileSync(join(dataDir, 'operator-keys.json'), 'utf8')),
    async pair(page, code, name = 'Front desk') {
      await page.goto(`${server.url}/operator?lang=en`);
      await page.getByLabel('Pairing code').fill(code);
      await page.getByLabel('Device name').fill(name);
      await page.getByRole('button', { name: 'Pair', exact: true }).click();
    },
    async customer(phone) {
      const login = await api<{ customer_id: number; access_token: string }>('/login/', 'POST', { phone, password: DEMO_PASSWORD });
      return { id: login.customer_id, token: login.access_token };
    },
    async signIn(page, phone) {
      await page.goto(`${server.url}/login?lang=en`);
      await page.locator('#login-phone').fill(phone);
      await page.locator('#login-password').fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').click();
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Query = Pick<Db, 'query'>;

/** The shop open round the clock every day and taking joins (not marked full); with `empty`, nobody in its queue. */
export async function openRoundTheClock(db: Query, shopId: number, opts: { empty?: boolean } = {}): Promise<void> {
  for (let weekday = 1; weekday <= 7; weekday++)
    await db.query(
      `INSERT INTO shop_hours (shop_id, weekday, opens, closes) VALUES ($1, $2, '00:00', '24:00')
       ON CONFLICT (shop_id, weekday) DO UPDATE SET opens = EXCLUDED.opens, closes = EXCLUDED.closes`,
      [shopId, weekday],
    );
  await db.query('UPDATE shops SET queue_full = false WHERE id = $1', [shopId]);
  if (opts.empty)
    await db.query(
      `UPDATE orders SET status = 'cancelled', finished_at = now() WHERE shop_id = $1 AND status IN ('active', 'in_service')`,
      [shopId],
    );
}

/** The shop's own active barbers, by id. */
export async function homeBarbers(db: Query, shopId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM barbers WHERE home_shop_id = $1 AND status = 'active' ORDER BY id`, [
    shopId,
  ]);
  return rows.map((r) => r.id);
}

/** A shift of `barberId` at the shop from `from` to `to` minutes from `now`. */
export async function addShift(db: Query, shopId: number, barberId: number, now: number, from: number, to: number): Promise<void> {
  await db.query('INSERT INTO shifts (barber_id, shop_id, starts_at, ends_at) VALUES ($1, $2, $3, $4)', [
    barberId,
    shopId,
    new Date(now + from * MIN).toISOString(),
    new Date(now + to * MIN).toISOString(),
  ]);
}
