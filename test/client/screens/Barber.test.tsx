import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import type { WireEmployee } from '../../../src/shared/wire.ts';
import BarberPage from '../../../src/client/screens/Barber/index.tsx';
import { reset as resetBarbers } from '../../../src/client/state/barbers.ts';
import { reset as resetPrefs } from '../../../src/client/state/prefs.ts';
import { favoriteBarberIds } from '../../../src/client/state/prefs-later.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { loc, navigate } from '../../../src/client/router/history.ts';

await setLanguage('en');

const kamppi = { id: 10, name: 'Kamppi', address: 'Street 1', city: 'Helsinki' };
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const today = () => new Date().toISOString().slice(0, 10);

function employee(over: Partial<WireEmployee> = {}): WireEmployee {
  return {
    id: 7,
    firstname: 'Mikko',
    lastname: 'Korhonen',
    full_name: 'Mikko Korhonen',
    image: '/images/barbers/7.svg',
    has_image: true,
    avatar: null,
    avatar_active: false,
    has_avatar: false,
    description: 'Shapes beards with the patience of a sculptor.',
    status: 'active',
    shifts: [],
    barbershop: kamppi,
    pob_id: 10,
    active_pob: kamppi,
    ...over,
  };
}
/** A shift from `fromH` to `toH` hours around the real now, so the test freezes time through the data. */
const shiftAround = (fromH: number, toH: number, id = 1) => ({
  id,
  date: today(),
  start: iso(Date.now() + fromH * HOUR),
  end: iso(Date.now() + toH * HOUR),
  pob_id: 10,
  pob_name: 'Kamppi',
});

const realFetch = globalThis.fetch;
const serve = (body: unknown, status = 200) => {
  globalThis.fetch = (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
};

async function open(body: WireEmployee) {
  serve(body);
  const el = await render(<BarberPage params={{ id: String(body.id) }} />);
  await settle();
  return el;
}
const joinLink = (el: Element) => [...el.querySelectorAll('a')].find((a) => text(a).startsWith('Join'));

test.before.each(() => {
  resetBarbers();
  resetPrefs();
});
test.after.each(async () => {
  await cleanup();
  globalThis.fetch = realFetch;
});

test('shows photo, "Mikko K.", the shop and the description', async () => {
  const el = await open(employee());
  assert.is(text(el.querySelector('h1')), 'Mikko K.');
  assert.is(el.querySelector('img')?.getAttribute('alt'), 'Photo of Mikko K.');
  assert.ok(text(el).includes('Kamppi, Helsinki'));
  assert.ok(text(el).includes('patience of a sculptor'));
});

test('the join button shows only inside a shift, for an active barber with a shop', async () => {
  let el = await open(employee({ shifts: [shiftAround(-1, 2)] }));
  assert.is(joinLink(el)?.getAttribute('href'), '/barbershop/10?barber=7');
  assert.ok(text(el).includes('Working now'));

  el = await open(employee({ shifts: [shiftAround(1, 3)] }));
  assert.is(joinLink(el), undefined, 'shift later today');
  assert.ok(text(el).includes('Not on shift right now'));

  el = await open(employee({ shifts: [shiftAround(-3, 0)] }));
  assert.is(joinLink(el), undefined, 'shift just ended (end is exclusive)');

  el = await open(employee({ status: 'inactive', shifts: [shiftAround(-1, 2)] }));
  assert.is(joinLink(el), undefined, 'inactive');

  el = await open(employee({ barbershop: null, active_pob: null, shifts: [shiftAround(-1, 2)] }));
  assert.is(joinLink(el), undefined, 'no shop attached');
  assert.ok(text(el).includes('Not in today'));
});

test('the schedule reads "weekday d.m.", HH:MM–HH:MM and the shop', async () => {
  const el = await open(
    employee({
      shifts: [
        { id: 2, date: '2030-03-06', start: '2030-03-06T08:30:00Z', end: '2030-03-06T16:00:00Z', pob_id: 11, pob_name: 'Tammela' },
        { id: 1, date: '2030-03-05', start: '2030-03-05T07:00:00Z', end: '2030-03-05T15:00:00Z', pob_id: 10, pob_name: 'Kamppi' },
      ],
    }),
  );
  const rows = [...el.querySelectorAll('.barber-shift')].map((li) =>
    ['date', 'time', 'shop'].map((part) => text(li.querySelector(`.barber-shift-${part}`))).join(' | '),
  );
  assert.equal(rows, ['Tue 5.3. | 09:00–17:00 | Kamppi', 'Wed 6.3. | 10:30–18:00 | Tammela']);
  const { act } = await import('react');
  await act(() => setLanguage('fi'));
  assert.ok(text(el.querySelector('.barber-shift')).startsWith('ti 5.3.'));
  await act(() => setLanguage('en'));
});

test('no upcoming shifts says so', async () => {
  const el = await open(employee({ shifts: [] }));
  assert.ok(text(el).includes('No upcoming shifts.'));
});

test('the favourite toggle adds and removes the barber', async () => {
  const el = await open(employee());
  const star = el.querySelector('button[aria-pressed]')!;
  assert.is(star.getAttribute('aria-pressed'), 'false');
  await fire.click(star);
  assert.equal(favoriteBarberIds.value, [7]);
  assert.is(el.querySelector('button[aria-pressed]')!.getAttribute('aria-pressed'), 'true');
  await fire.click(el.querySelector('button[aria-pressed]'));
  assert.equal(favoriteBarberIds.value, []);
});

test('a rejected load falls back to /barbers', async () => {
  navigate('/barbers/99');
  serve({ error: 'Not found' }, 404);
  await render(<BarberPage params={{ id: '99' }} />);
  await settle();
  assert.is(loc.value.path, '/barbers');
  assert.is(location.pathname, '/barbers');
});

test.run();
