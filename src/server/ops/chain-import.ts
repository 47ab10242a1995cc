/**
 * A chain's own data from one JSON file (`npm run import -- chain.json`, scripts/import.ts): shops with their
 * opening hours and menus, barbers, and shifts. Everything is checked first and every problem is reported with
 * where it is (`shops[1].hours[0].closes: …`); nothing is written unless the whole file is valid. Written in one
 * transaction and idempotent: shops, menu groups, services and barbers by their ids (an import again updates
 * them), a shop's opening hours replaced, a shift known by its barber, shop and start. See docs/operations.md
 * for the format and scripts/chain.example.json for an example; the file is read and checked by chain-file.ts and
 * written by repos/chain.ts.
 */
import type { Db } from '../db/db.ts';
import { type ImportCounts, writeChain } from '../repos/chain.ts';
import { announceEverything } from '../repos/shops.ts';
import { parseChain } from './chain-file.ts';

/** Validates and writes the chain in one transaction; every server process then drops what it kept of the queues. */
export async function importChain(db: Db, input: unknown): Promise<ImportCounts> {
  const chain = parseChain(input);
  const counts = await db.transaction((tx) => writeChain(tx, chain));
  if (db.engine === 'postgres') await announceEverything(db);
  return counts;
}
