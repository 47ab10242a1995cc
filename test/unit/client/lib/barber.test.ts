import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { barberImage, canJoinQueue, currentShop } from '../../../../src/client/lib/barber.ts';
import type { Barber, BarberShop, Shift } from '../../../../src/client/lib/types.ts';

type Img = Parameters<typeof barberImage>[0];
const img = (over: Partial<Img>): Img => ({
  avatar: 'a.png',
  avatar_active: false,
  has_avatar: true,
  image: 'i.jpg',
  has_image: true,
  ...over,
});

test('barberImage: avatar, else image when the avatar is off, else none', () => {
  const cases: Array<[string, Img, string | null]> = [
    ['active avatar', img({ avatar_active: true }), 'a.png'],
    ['active avatar but has_avatar false', img({ avatar_active: true, has_avatar: false }), null],
    ['active avatar but empty', img({ avatar_active: true, avatar: null }), null],
    ['avatar off uses image', img({}), 'i.jpg'],
    ['avatar off, has_image false', img({ has_image: false }), null],
    ['avatar off, image empty', img({ image: '' }), null],
    ['nothing', img({ avatar: null, has_avatar: false, image: null, has_image: false }), null],
  ];
  for (const [name, w, want] of cases) assert.is(barberImage(w), want, name);
});

const shopA: BarberShop = { id: 1, name: 'Kamppi', address: 'Street 1', city: 'Helsinki' };
const shift = (start: string, end: string): Shift => ({ id: 1, date: start.slice(0, 10), start, end, pobId: 1, pobName: 'Kamppi' });
type J = Parameters<typeof canJoinQueue>[0];
const barber = (over: Partial<J> = {}): J => ({
  status: 'active',
  barbershop: shopA,
  activePob: null,
  shifts: [shift('2024-03-05T07:00:00Z', '2024-03-05T15:00:00Z')],
  ...over,
});

test('canJoinQueue: active, attached and inside a shift (start <= now < end)', () => {
  const at = (iso: string) => new Date(iso);
  const cases: Array<[string, J, Date, boolean]> = [
    ['mid shift', barber(), at('2024-03-05T10:00:00Z'), true],
    ['exactly at start', barber(), at('2024-03-05T07:00:00Z'), true],
    ['exactly at end', barber(), at('2024-03-05T15:00:00Z'), false],
    ['before start', barber(), at('2024-03-05T06:59:59Z'), false],
    ['next day', barber(), at('2024-03-06T10:00:00Z'), false],
    ['inactive', barber({ status: 'inactive' }), at('2024-03-05T10:00:00Z'), false],
    ['no shop', barber({ barbershop: null }), at('2024-03-05T10:00:00Z'), false],
    ['active pob counts as attached', barber({ barbershop: null, activePob: shopA }), at('2024-03-05T10:00:00Z'), true],
    ['no shifts', barber({ shifts: [] }), at('2024-03-05T10:00:00Z'), false],
    [
      'second shift of the day',
      barber({ shifts: [shift('2024-03-05T07:00:00Z', '2024-03-05T09:00:00Z'), shift('2024-03-05T12:00:00Z', '2024-03-05T16:00:00Z')] }),
      at('2024-03-05T13:00:00Z'),
      true,
    ],
    [
      'between two shifts',
      barber({ shifts: [shift('2024-03-05T07:00:00Z', '2024-03-05T09:00:00Z'), shift('2024-03-05T12:00:00Z', '2024-03-05T16:00:00Z')] }),
      at('2024-03-05T10:00:00Z'),
      false,
    ],
  ];
  for (const [name, b, now, want] of cases) assert.is(canJoinQueue(b, now), want, name);
});

test("currentShop: today's barbershop, else the active pob", () => {
  const other = { ...shopA, id: 2 };
  const cases: Array<[Pick<Barber, 'barbershop' | 'activePob'>, number | null]> = [
    [{ barbershop: shopA, activePob: other }, 1],
    [{ barbershop: null, activePob: other }, 2],
    [{ barbershop: null, activePob: null }, null],
  ];
  for (const [b, want] of cases) assert.is(currentShop(b)?.id ?? null, want);
});

test.run();
