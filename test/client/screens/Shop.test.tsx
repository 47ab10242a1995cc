import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fire, render, settle, text, win } from '../dom.ts';
import type { WirePobDetail } from '../../../src/shared/wire.ts';
import type { Locale } from '../../../src/shared/locales.ts';
import Shop from '../../../src/client/screens/Shop/index.tsx';
import { loc, previousPath } from '../../../src/client/router/history.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { geo } from '../../../src/client/state/geo.ts';
import { devStored } from '../../../src/client/state/prefs.ts';
import { reset as resetShops } from '../../../src/client/state/shops.ts';
import { headerImageHeight } from '../../../src/client/lib/images.ts';
import { reset as resetPage, selectedBarberId } from '../../../src/client/state/shop-page.ts';

const MONDAY_TO_SUNDAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '10:00', close: '21:00' }));

function pob(over: Partial<WirePobDetail> = {}): WirePobDetail {
  return {
    id: 1,
    name: 'Kamppi',
    city: 'Helsinki',
    address: 'Urho Kekkosen katu 1',
    country: 'FI',
    open: true,
    open_times: MONDAY_TO_SUNDAY,
    closing_soon: false,
    location: { latitude: 60.1692, longitude: 24.932 },
    service_time_estimates: [{ priority: 0, wait_time: 20 }],
    queue_state: 'open',
    queue_info: { queue_employees: 2, queue_length: 3 },
    chair_count: 3,
    image: false,
    floor: '2nd floor',
    notices: ['Entrance from the square on Sundays.'],
    service_groups: [
      { id: 2, title: 'Beard', order: 2, description: '', parent_id: null },
      { id: 1, title: 'Haircuts', order: 1, description: 'Cuts for every length.', parent_id: null },
    ],
    services: [
      {
        id: 10,
        group_id: 1,
        title: 'Haircut',
        order: 1,
        description: 'Scissors and clippers.',
        long_description: '',
        price: 3500,
        duration: 30,
        multiple: false,
      },
      {
        id: 20,
        group_id: 2,
        title: 'Beard trim',
        order: 1,
        description: 'Shape and length.',
        long_description: '',
        price: 2500,
        duration: 20,
        multiple: false,
      },
    ],
    extra_services: {
      '10': [{ id: 100, service_id: 10, title: 'Hair wash', order: 1, description: '', long_description: '', price: 500, duration: 5 }],
      '20': [],
    },
    shortest_queue: 20,
    queues: [
      { barber: { id: 7, name: 'Mikko K.', image: null }, wait_time: 45, queue_open: true },
      { barber: { id: 8, name: 'Jari L.', image: null }, wait_time: 5, queue_open: false },
    ],
    ...over,
  };
}

/** Answers GET /pobs/{id}/ with `body`, or 404 when it is null; counts the calls. */
function serve(body: WirePobDetail | null) {
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (/\/pobs\/\d+/.test(url) && body) return new Response(JSON.stringify(body), { status: 200 });
    return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
  }) as typeof fetch;
  return calls;
}

async function open(body: WirePobDetail | null, opts: { locale?: Locale; id?: string } = {}) {
  locale.value = opts.locale ?? 'FI';
  serve(body);
  const el = await render(<Shop params={{ id: opts.id ?? String(body?.id ?? 1) }} />);
  await settle();
  await settle();
  return el;
}

test.before(async () => {
  await setLanguage('en');
});

test.after.each(async () => {
  await cleanup();
  resetShops();
  resetPage();
  geo.value = { status: 'idle' };
  previousPath.value = null;
  win.happyDOM.setViewport({ width: 390, height: 844 });
});

test('shows name, city, address, floor, today and the week hours, and the chair count', async () => {
  const el = await open(pob());
  assert.is(text(el.querySelector('h1')), 'Kamppi');
  const info = text(el.querySelector('.shop-info'));
  for (const want of ['Helsinki', 'Urho Kekkosen katu 1', '2nd floor', 'Today 10:00–21:00', '3 chairs', 'Monday', 'Sunday'])
    assert.ok(info.includes(want), want);
  assert.is(el.querySelectorAll('.shop-hours tbody tr').length, 7);
  assert.ok(el.querySelector('button[aria-label="Add Kamppi to favourites"]'), 'favourite toggle');
});

test('the floor in the language of the page: a level as data says it, free text as written', async () => {
  const cases: Array<[string, string, string]> = [
    ['fi', '2nd floor', '2. kerros'],
    ['ee', '2nd floor', '2. korrus'],
    ['sv', '3', 'våning 3'],
    ['no', '1st floor', '1. etasje'],
    ['dk', '2', '2. sal'],
    ['de', '3rd floor', '3. Etage'],
    ['en', '3', '3rd floor'],
    ['en', '11', '11th floor'],
    ['fi', 'Kauppakeskus, 2. krs', 'Kauppakeskus, 2. krs'],
  ];
  for (const [lang, floor, want] of cases) {
    await setLanguage(lang as 'fi');
    const el = await open({ ...pob(), floor });
    assert.is(text(el.querySelector('.shop-floor')), `, ${want}`, `${lang} ${floor}`);
    await cleanup();
    resetShops();
    resetPage();
  }
  await setLanguage('en');
});

test('chair label: hidden for 0, singular for 1, plural for 3', async () => {
  const cases: Array<[number, string | null]> = [
    [0, null],
    [1, '1 chair'],
    [3, '3 chairs'],
  ];
  for (const [count, want] of cases) {
    const el = await open(pob({ chair_count: count }));
    const info = text(el.querySelector('.shop-facts'));
    if (want === null) assert.not.ok(/chair/.test(info), `${count}: ${info}`);
    else assert.ok(info.includes(want) && !(count === 1 && info.includes('chairs')), `${count}: ${info}`);
    await cleanup();
    resetShops();
  }
});

test('a shop without a photo gets the fallback image by id modulo 12', async () => {
  const cases: Array<[number, string | false, string]> = [
    [25, false, '/images/shops/1.svg'],
    [12, false, '/images/shops/0.svg'],
    [5, '/media/punavuori.jpg', '/media/punavuori.jpg'],
  ];
  for (const [id, image, want] of cases) {
    const el = await open(pob({ id, image }));
    const img = el.querySelector('.shop-hero img');
    assert.is(img?.getAttribute('src'), want, String(id));
    assert.is(img?.getAttribute('alt'), 'Kamppi barbershop');
    await cleanup();
    resetShops();
  }
});

test('the header image height follows the window height in CSS (700 → 230, 800 → 250, 1000 → 325), as the scroll spy reckons it', async () => {
  // No inline height: the server renders the same markup at any window size (and the policy forbids style="").
  const el = await open(pob());
  assert.is((el.querySelector('.shop-hero') as HTMLElement).getAttribute('style'), null);
  await cleanup();
  resetShops();
  const css = readFileSync(join(import.meta.dirname, '../../../src/client/screens/Shop/style.css'), 'utf8');
  const base = Number(/^\.shop-hero \{[^}]*\bheight: (\d+)px/m.exec(css)?.[1]);
  const steps = [...css.matchAll(/@media \(min-height: (\d+)px\) \{ \.shop-hero \{ height: (\d+)px; \} \}/g)].map((m) => ({
    from: Number(m[1]),
    height: Number(m[2]),
  }));
  const cssHeight = (windowHeight: number) => steps.filter((s) => windowHeight >= s.from).reduce((_, s) => s.height, base);
  for (const [height, want] of [
    [700, 230],
    [800, 250],
    [1000, 325],
    [767, 230],
    [768, 250],
    [900, 325],
  ]) {
    assert.is(cssHeight(height), want, `CSS at ${height}`);
    assert.is(headerImageHeight(height), want, `scroll spy at ${height}`);
  }
});

test("the timer shows the shop queue; choosing a barber shows that barber's wait; a closed queue cannot be chosen", async () => {
  const el = await open(pob());
  const wait = () => `${text(el.querySelector('.shop-wait-label'))} | ${text(el.querySelector('.shop-wait .timer'))}`;
  assert.is(wait(), 'Estimated wait | 20min');
  const radios = el.querySelectorAll<HTMLInputElement>('.barber-row input[type=radio]');
  assert.is(radios.length, 3, 'Anyone and two barbers');
  assert.ok(radios[0].checked, 'Anyone first and chosen');
  assert.ok(text(el.querySelector('.barber-row')).includes('Shortest queue'));
  await fire.click(radios[1]);
  assert.is(wait(), 'Wait for Mikko K. | 45min');
  assert.ok(radios[2].disabled, 'closed queue is disabled');
  assert.ok(text(radios[2].closest('label')).includes('Queue closed'));
  await fire.click(radios[0]);
  assert.is(wait(), 'Estimated wait | 20min');
});

test('the chosen barber is cleared when coming from /home, kept otherwise', async () => {
  const cases: Array<[string, number | null]> = [
    ['/home', null],
    ['/', null],
    ['/login', 7],
  ];
  for (const [from, want] of cases) {
    selectedBarberId.value = 7;
    previousPath.value = from;
    const el = await open(pob());
    assert.is(selectedBarberId.value, want, from);
    assert.ok(text(el.querySelector('.shop-wait')).includes(want ? '45' : '20'), from);
    await cleanup();
    resetShops();
  }
});

test('full, closed and unknown shops show their message instead of the timer', async () => {
  const cases: Array<[Partial<WirePobDetail>, string]> = [
    // Switched full for a moment: "right now", never "for today" (a closing shop says its queue closed for the day).
    [{ queue_state: 'full' }, 'The queue is full right now. No orders are taken for the moment.'],
    [{ open: false }, 'The barbershop is closed.'],
    [{ service_time_estimates: [] }, '–'],
  ];
  for (const [over, want] of cases) {
    const el = await open(pob(over));
    assert.ok(text(el.querySelector('.shop-wait')).includes(want), want);
    await cleanup();
    resetShops();
  }
});

test('development mode does not make a closed shop take orders: its page says closed, as the list does', async () => {
  devStored.value = true;
  try {
    const el = await open(pob({ open: false, queue_state: 'closed', service_time_estimates: [{ priority: 0, wait_time: 418 }] }));
    assert.ok(text(el.querySelector('.shop-wait')).includes('The barbershop is closed.'), text(el.querySelector('.shop-wait')));
    assert.not.match(text(el), '418');
  } finally {
    devStored.value = false;
    await cleanup();
    resetShops();
  }
});

test('full is said as a pause in every language, never as full for the day; closing for the day says so', async () => {
  const forToday = /tältä päivältä|for today|tänaseks|för i dag|for i dag|für heute/;
  for (const lang of ['fi', 'en', 'ee', 'sv', 'no', 'dk', 'de'] as const) {
    await setLanguage(lang);
    const el = await open(pob({ queue_state: 'full' }));
    assert.not.match(text(el.querySelector('.shop-wait')), forToday, lang);
    await cleanup();
    resetShops();
  }
  await setLanguage('en');
  const closing = await open(pob({ closing_soon: true }));
  assert.match(text(closing.querySelector('.shop-wait')), 'The online queue has closed for the day.');
  await cleanup();
  resetShops();
});

test('a full or closed shop shows its state for the shop and every barber, never a wait', async () => {
  const zero = {
    service_time_estimates: [{ priority: 0, wait_time: 0 }],
    shortest_queue: 0,
    queues: [{ barber: { id: 7, name: 'Mikko K.', image: null }, wait_time: 0, queue_open: true }],
  };
  for (const [over, state] of [
    [{ queue_state: 'full' }, 'Full'],
    [{ open: false, queue_state: 'closed' }, 'Closed'],
    [{ closing_soon: true }, 'Closed'],
  ] as Array<[Partial<WirePobDetail>, string]>) {
    const el = await open(pob({ ...zero, ...over }));
    assert.is(el.querySelectorAll('.timer').length, 0, `${state}: no timer anywhere`);
    assert.not.ok(text(el).includes('Now'), `${state}: no Now`);
    const notes = [...el.querySelectorAll('.barber-option-note')].map(text);
    assert.equal(notes, [state, state], `${state}: Anyone and the barber show the state`);
    assert.ok([...el.querySelectorAll<HTMLInputElement>('.barber-row input')].every((i) => i.disabled));
    assert.is(
      el.querySelector('.barber-row')?.getAttribute('tabindex'),
      '0',
      `${state}: the row itself takes focus, so a keyboard can scroll it`,
    );
    await cleanup();
    resetShops();
  }
});

test('an open shop leaves focus to its barbers: the row is not a tab stop of its own', async () => {
  const el = await open(pob());
  assert.is(el.querySelector('.barber-row')?.getAttribute('tabindex'), null);
  assert.ok([...el.querySelectorAll<HTMLInputElement>('.barber-row input')].some((i) => !i.disabled));
  await cleanup();
  resetShops();
});

test('the states in words as on the card: takes pre-orders, and one closing-soon wording', async () => {
  let el = await open(pob());
  assert.ok(text(el.querySelector('.shop-wait')).includes('Takes pre-orders: join the queue in the app.'));
  await cleanup();
  resetShops();
  el = await open(pob({ closing_soon: true }));
  assert.is(text(el.querySelector('.shop-state-message')), 'The online queue has closed for the day.');
  await cleanup();
  resetShops();
});

test('a rejected load or a bad id goes to /home', async () => {
  for (const [body, id] of [
    [null, '404'],
    [pob(), 'abc'],
  ] as const) {
    history.replaceState(null, '', `/barbershop/${id}`);
    await open(body, { id });
    assert.is(location.pathname, '/home', id);
    assert.is(loc.value.path, '/home', id);
    await cleanup();
  }
});

test('the skeleton shows while loading', async () => {
  locale.value = 'FI';
  globalThis.fetch = (() => new Promise<Response>(() => {})) as typeof fetch;
  const el = await render(<Shop params={{ id: '1' }} />);
  assert.ok(el.querySelector('[aria-busy="true"] .shop-hero.skeleton'));
  assert.ok(text(el).includes('Loading the barbershop'));
  assert.ok(el.querySelector('button[aria-label="Back"]'), 'back works while loading');
});

test('notices are listed; the cash notice shows for FI and not for SE', async () => {
  const fi = await open(pob(), { locale: 'FI' });
  const fiText = text(fi.querySelector('.shop-notices'));
  assert.ok(fiText.includes('Entrance from the square on Sundays.'));
  assert.ok(fiText.includes('You can also pay in cash'));
  await cleanup();
  resetShops();
  const se = await open(pob(), { locale: 'SE' });
  const seText = text(se.querySelector('.shop-notices'));
  assert.ok(seText.includes('Entrance from the square on Sundays.'));
  assert.not.ok(seText.includes('cash'));
});

test('services: chips per group in order, rows with price and duration, extras beneath', async () => {
  const el = await open(pob());
  const chips = [...el.querySelectorAll('.service-chips button')];
  assert.equal(
    chips.map((c) => text(c)),
    ['Haircuts', 'Beard'],
  );
  assert.is(chips[0].getAttribute('aria-current'), 'true');
  const first = text(el.querySelector('.service'));
  for (const want of ['Haircut', '35,00 €', 'Scissors and clippers.', '30 min', 'Hair wash', '+5,00 €'])
    assert.ok(first.includes(want), want);
  await fire.click(chips[1]);
  assert.is(chips[1].getAttribute('aria-current'), 'true', 'tapped chip highlighted');
  assert.is(document.activeElement?.id, 'group-2', 'focus moves to the group');
});

test('map: a placeholder with the address without a key, and directions from the user to the shop', async () => {
  geo.value = { status: 'fulfilled', lat: 60.17, lng: 24.94 };
  const el = await open(pob());
  assert.ok(text(el.querySelector('.static-map-placeholder')).includes('Urho Kekkosen katu 1'));
  const link = el.querySelector<HTMLAnchorElement>('a.static-map-directions')!;
  assert.is(link.getAttribute('target'), '_blank');
  const q = new URL(link.href).searchParams;
  assert.is(q.get('origin'), '60.170000,24.940000');
  assert.is(q.get('destination'), '60.169200,24.932000');
});

test('the header notice appears after 1 s, once per session, and hides after 5 s', async () => {
  const el = await open(pob());
  const notice = () => text(el.querySelector('.shop-header-notice-region'));
  assert.is(notice(), '', 'not at once');
  await settle(1100);
  assert.ok(notice().includes('About the estimate'), 'shown after 1 s');
  await settle(4000);
  assert.ok(notice().includes('About the estimate'), 'still shown before 5 s');
  await settle(1100);
  assert.is(notice(), '', 'hidden after 5 s');
  await cleanup();
  resetShops();
  const again = await open(pob());
  await settle(1200);
  assert.is(text(again.querySelector('.shop-header-notice-region')), '', 'not again in the same session');
});

test.run();
