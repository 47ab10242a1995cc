/**
 * An order's items in a reader's language: an order keeps its services' names as sold (one language), so each
 * reader (the customer's tracking, the shop's console) gets the catalogue's translation of the same service,
 * extra and group, else the Finnish one, else the name as sold. No language: the names as sold.
 */
import type { Language } from '../../shared/locales.ts';
import type { Queryable } from '../db/db.ts';
import type { ItemRow } from './order-items.ts';

interface Texts {
  id: number;
  title: string | null;
  description: string | null;
}

const textsOf = async (
  q: Queryable,
  table: 'services' | 'extra_services' | 'service_groups',
  ids: number[],
  lang: Language,
): Promise<Map<number, Texts>> => {
  if (!ids.length) return new Map();
  const { rows } = await q.query<Texts>(
    `SELECT id, coalesce(texts->$2::text->>'title', texts->'fi'->>'title') AS title,
            coalesce(texts->$2::text->>'description', texts->'fi'->>'description') AS description
       FROM ${table} WHERE id = ANY($1::int[])`,
    [ids, lang],
  );
  return new Map(rows.map((r) => [r.id, r]));
};

export async function itemsInLanguage(q: Queryable, items: ItemRow[], lang: Language | null): Promise<ItemRow[]> {
  if (!lang || !items.length) return items;
  const [services, extras, groups] = await Promise.all([
    textsOf(q, 'services', [...new Set(items.map((i) => i.serviceId))], lang),
    textsOf(q, 'extra_services', [...new Set(items.flatMap((i) => i.extras.map((e) => e.id)))], lang),
    textsOf(q, 'service_groups', [...new Set(items.map((i) => i.groupId))], lang),
  ]);
  return items.map((i) => {
    const s = services.get(i.serviceId);
    return {
      ...i,
      title: s?.title ?? i.title,
      description: s?.description ?? i.description,
      groupName: groups.get(i.groupId)?.title ?? i.groupName,
      extras: i.extras.map((e) => {
        const x = extras.get(e.id);
        return { ...e, title: x?.title ?? e.title, description: x?.description ?? e.description };
      }),
    };
  });
}
