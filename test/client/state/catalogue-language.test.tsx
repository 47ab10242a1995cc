/**
 * The catalogue in the customer's language: the shop page asks for the UI language (?lang=) and
 * shows the menu and notices the server answers in it; switching the language reads the menu again in the new one.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, render, settle, text } from '../dom.ts';
import type { WirePobDetail } from '../../../src/shared/wire.ts';
import Shop from '../../../src/client/screens/Shop/index.tsx';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { reset as resetShops } from '../../../src/client/state/shops.ts';
import { reset as resetPage } from '../../../src/client/state/shop-page.ts';

const MENU: Record<string, [string, string, string]> = {
  fi: ['Hiustenleikkaus', 'Hiustenleikkaukset', 'Sunnuntaisin sisäänkäynti torin puolelta.'],
  sv: ['Klippning', 'Klippningar', 'Ingång från torget på söndagar.'],
  en: ['Haircut', 'Haircuts', 'Entrance from the square on Sundays.'],
};

/** A server that answers the menu in the ?lang= it is asked for, Finnish without one (as ours does). */
function serve() {
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    const [service, group, notice] = MENU[url.searchParams.get('lang') ?? 'fi'] ?? MENU.fi;
    const body: WirePobDetail = {
      id: 1,
      name: 'Kamppi',
      city: 'Helsinki',
      address: 'Urho Kekkosen katu 1',
      country: 'FI',
      open: true,
      open_times: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '00:00', close: '23:59' })),
      closing_soon: false,
      location: { latitude: 60.1692, longitude: 24.932 },
      service_time_estimates: [{ priority: 0, wait_time: 20 }],
      queue_state: 'open',
      queue_info: { queue_employees: 2, queue_length: 3 },
      chair_count: 3,
      image: false,
      floor: null,
      notices: [notice],
      service_groups: [{ id: 1, title: group, order: 1, description: '', parent_id: null }],
      services: [
        {
          id: 10,
          group_id: 1,
          title: service,
          order: 1,
          description: '',
          long_description: '',
          price: 3500,
          duration: 30,
          multiple: false,
        },
      ],
      extra_services: { '10': [] },
      shortest_queue: 20,
      queues: [],
    };
    return new Response(JSON.stringify(body), { status: 200 });
  }) as typeof fetch;
  return calls;
}

async function open() {
  locale.value = 'FI';
  const calls = serve();
  const el = await render(<Shop params={{ id: '1' }} />);
  await settle();
  await settle();
  return { el, calls };
}

test.after.each(async () => {
  await cleanup();
  resetShops();
  resetPage();
});

test('in Swedish the shop page asks for ?lang=sv and shows the Swedish menu', async () => {
  await setLanguage('sv');
  const { el, calls } = await open();
  assert.ok(
    calls.some((c) => /\/pobs\/1\/\?lang=sv$/.test(c)),
    calls.join(' '),
  );
  const body = text(el);
  for (const want of MENU.sv) assert.ok(body.includes(want), want);
  for (const unwanted of MENU.fi) assert.not.ok(body.includes(unwanted), unwanted);
});

test('after switching to Finnish the menu is read again, in Finnish', async () => {
  await setLanguage('fi');
  const { el, calls } = await open();
  assert.ok(
    calls.every((c) => !c.includes('/pobs/') || c.includes('lang=fi')),
    calls.join(' '),
  );
  const body = text(el);
  for (const want of MENU.fi) assert.ok(body.includes(want), want);
  assert.not.ok(body.includes('Klippning'));
});

test.run();
