/**
 * The menu round trip: the server's rows (repos/shops.ts) → GET /pobs/{id}/ → the client's mapper
 * (client/lib/mappers.ts) give back the very rows, since both sides use the shared menu types (src/shared/menu.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { extrasOf, serviceGroupsOf, servicesOf } from '../../../src/server/repos/shops.ts';
import { toShopDetail } from '../../../src/client/lib/detail-mapper.ts';
import type { Extra } from '../../../src/shared/menu.ts';
import type { WirePobDetail } from '../../../src/shared/wire.ts';

let h: Harness;
test.before(async () => {
  h = await harness({ seed: seedDemo });
});
test.after(() => h.close());

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

test('rows → wire → client mapper: the same services, extras and groups', async () => {
  // The rows read in the language the request asks for (no ?lang=: Finnish).
  for (const [locale, id, query, lang] of [
    ['fi', 1, '', 'fi'],
    ['no', 16, '?lang=no', 'no'],
  ] as const) {
    const res = await h.app.inject({ method: 'GET', url: `/api/${locale}/pobs/${id}/${query}` });
    assert.is(res.statusCode, 200);
    const client = toShopDetail(res.json<WirePobDetail>());
    const [groups, services, extras] = await Promise.all([
      serviceGroupsOf(h.db, id, lang),
      servicesOf(h.db, id, lang),
      extrasOf(h.db, id, lang),
    ]);
    assert.ok(services.length > 0 && extras.length > 0, `shop ${id} has a menu`);
    // The group title rides along on the server's rows for orders, the catalogue key for the wire (the client
    // reads it from there); the menu itself is the shared Service.
    assert.equal(client.services, services.map(({ groupName: _, catalogueKey: _k, ...s }) => s).sort(byOrder));
    assert.equal(client.serviceGroups, [...groups].sort(byOrder));
    const want: Record<number, Extra[]> = Object.fromEntries(
      services.map((s) => [
        s.id,
        extras
          .filter((e) => e.serviceId === s.id)
          .map(({ catalogueKey: _, ...e }) => e)
          .sort(byOrder),
      ]),
    );
    assert.equal(client.extraServices, want);
  }
});

test.run();
