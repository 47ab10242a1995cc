/**
 * Development renaming: a table shop id → name, city, address from the server's configuration
 * (DEV_RENAMES, delivered in config.json), applied by the client in development mode only, so demos and
 * screenshots can show other names. Both sides use these helpers.
 */
export interface ShopRename {
  name?: string;
  city?: string;
  address?: string;
}
export type DevRenames = Record<string, ShopRename>;

const FIELDS = ['name', 'city', 'address'] as const;

/** Checks a rename table (JSON already parsed); throws a message naming what is wrong. */
export function parseDevRenames(raw: unknown): DevRenames {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new Error('DEV_RENAMES must be a JSON object of shop id → { name, city, address }');
  const out: DevRenames = {};
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^[1-9]\d*$/.test(id)) throw new Error(`DEV_RENAMES: "${id}" is not a shop id`);
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new Error(`DEV_RENAMES: shop ${id} must map to an object`);
    const r: ShopRename = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (!(FIELDS as readonly string[]).includes(k) || typeof v !== 'string' || !v.trim())
        throw new Error(`DEV_RENAMES: shop ${id} may only set name, city and address to non-empty text (got ${k})`);
      r[k as (typeof FIELDS)[number]] = v;
    }
    out[id] = r;
  }
  return out;
}

/** The shop with its renamed fields, or the shop itself when the table does not name it. */
export function renameShop<T extends { name: string; city: string; address: string }>(id: number, shop: T, renames: DevRenames): T {
  const r = renames[String(id)];
  return r ? { ...shop, ...r } : shop;
}
