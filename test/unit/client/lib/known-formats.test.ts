import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { collationOrder, sortAlphabetical } from '../../../../src/client/lib/distance.ts';
import { formatMinutes, formatPrice, formatTime } from '../../../../src/client/lib/format.ts';
import { knowFormats, knownWeekday, orderKey, recordFormats, weekdayKey } from '../../../../src/client/lib/known-formats.ts';
import { isoWeekday } from '../../../../src/client/lib/mappers.ts';
import { weekHours } from '../../../../src/client/lib/shop-detail.ts';
import { weekdaySpan } from '../../../../src/client/lib/weekday-span.ts';

/** Runs `fn` with Intl's formatters unusable: what it returns came from the carried strings. */
function withoutIntl<T>(fn: () => T): T {
  const { NumberFormat, DateTimeFormat, Collator } = Intl;
  // A class: what the formats call is `new Intl.NumberFormat(…)`.
  class Broken {
    constructor() {
      throw new Error('Intl was started');
    }
  }
  Object.assign(Intl, { NumberFormat: Broken, DateTimeFormat: Broken, Collator: Broken });
  try {
    return fn();
  } finally {
    Object.assign(Intl, { NumberFormat, DateTimeFormat, Collator });
  }
}

// 2026-11-28 12:00 in Helsinki (UTC+2), a Saturday.
const NOON = Date.UTC(2026, 10, 28, 10);

test('a render records what it formats, and a page that carries it formats without Intl', () => {
  const stop = recordFormats();
  const price = formatPrice(3500, 'FI');
  const minutes = formatMinutes(45, 'FI');
  const time = formatTime('2026-11-28T18:00:00Z', 'FI');
  const days = weekHours([], 'en').map((d) => d.name);
  const recorded = stop();
  assert.equal(Object.values(recorded).sort(), [price, minutes, time, ...days].sort());
  assert.is(days[0], 'Monday');

  knowFormats(recorded);
  withoutIntl(() => {
    assert.is(formatPrice(3500, 'FI'), price);
    assert.is(formatMinutes(45, 'FI'), minutes);
    assert.is(formatTime('2026-11-28T18:00:00Z', 'FI'), '20:00');
    assert.equal(
      weekHours([], 'en').map((d) => d.name),
      days,
    );
    // Another locale, another language: not carried, so Intl is needed.
    assert.throws(() => formatPrice(3500, 'SE'), /Intl was started/);
    assert.throws(() => weekHours([], 'fi'), /Intl was started/);
  });
  // Recording stopped: nothing more is collected.
  assert.not.ok(Object.values(recorded).includes(formatPrice(100, 'US')));
});

test("the weekday's span is the local day around the moment, and the phone reads it only inside", () => {
  const span = weekdaySpan(NOON, 'Europe/Helsinki');
  const [day, from, to] = span.split(' ').map(Number);
  assert.is(day, 6, 'Saturday');
  assert.is(from, Date.UTC(2026, 10, 27, 22), 'local midnight');
  assert.is(to, Date.UTC(2026, 10, 28, 22));
  // The span of 23:59:59.999 local is the same day's.
  assert.is(weekdaySpan(to - 1, 'Europe/Helsinki'), span);
  knowFormats({ [weekdayKey('Europe/Helsinki')]: span });
  withoutIntl(() => {
    assert.is(isoWeekday(new Date(NOON), 'Europe/Helsinki'), 6);
    assert.is(isoWeekday(new Date(to - 1), 'Europe/Helsinki'), 6);
    assert.is(knownWeekday('Europe/Helsinki', to), 0, 'the next day is not carried');
    assert.is(knownWeekday('Europe/Oslo', NOON), 0, 'nor another zone');
  });
  assert.is(isoWeekday(new Date(to), 'Europe/Helsinki'), 7, 'past the span, Intl answers: Sunday');
});

test('a day the clock change shortens carries no span (the phone asks Intl)', () => {
  // Helsinki moved to summer time on 29 March 2026 at 03:00 local (01:00 UTC): a day of 23 hours.
  assert.is(weekdaySpan(Date.UTC(2026, 2, 29, 10), 'Europe/Helsinki'), '');
  assert.is(weekdaySpan(Date.UTC(2026, 2, 30, 10), 'Europe/Helsinki').split(' ')[0], '1');
});

test('a page that carries the order of its names sorts them as the collator does, without Intl', () => {
  const ids = (list: { id: number }[]) => list.map((s) => s.id);
  const collated = (list: { id: number; name: string }[]) => {
    const c = new Intl.Collator('da-DK', { sensitivity: 'base', numeric: true });
    return ids([...list].sort((a, b) => c.compare(a.name, b.name)));
  };
  const shops = ['Øster', 'Kallio', 'Shop 10', 'Zeta', 'Aalborg', 'Æbelø', 'Shop 2', 'Espoo'].map((name, id) => ({ id, name }));
  const order = collationOrder(
    shops.map((s) => s.name),
    'da-DK',
  );
  assert.ok(order);
  knowFormats({ [orderKey('da-DK')]: order });
  const reversed = [...shops].reverse();
  const favourites = [shops[5], shops[0], shops[3]];
  const [fromPage, fromReversed, fromFavourites] = withoutIntl(() => [
    sortAlphabetical(shops, 'DK'),
    sortAlphabetical(reversed, 'DK'),
    sortAlphabetical(favourites, 'DK'),
  ]);
  assert.equal(ids(fromPage), collated(shops));
  assert.equal(ids(fromReversed), collated(shops));
  assert.equal(ids(fromFavourites), collated(favourites));
  assert.equal(ids(fromPage).slice(-3), [5, 0, 4], 'Danish: æ, ø, then aa as å, after z');
  // A name the page did not carry, or another locale: the collator's.
  const more = [...shops, { id: 9, name: 'Aabenraa' }];
  assert.throws(() => withoutIntl(() => sortAlphabetical(more, 'DK')), /Intl was started/);
  assert.throws(() => withoutIntl(() => sortAlphabetical(shops, 'DE')), /Intl was started/);
  assert.equal(ids(sortAlphabetical(more, 'DK')), collated(more));
});

test('names the collator finds equal, or with a line break, carry no order', () => {
  assert.is(collationOrder(['Kallio', 'kallio', 'Espoo'], 'fi-FI'), null);
  assert.is(collationOrder(['Kallio', 'Kal\nlio'], 'fi-FI'), null);
  assert.is(collationOrder(['Öja', 'Zeta', 'Espoo'], 'fi-FI'), 'Espoo\nZeta\nÖja');
});

test.run();
