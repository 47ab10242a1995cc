import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseChoices, parseJoin, parsePatch } from '../../../../src/server/input/orders.ts';
import { noticeKind } from '../../../../src/server/queue/turns.ts';
import { codeText, noticeText } from '../../../../src/server/notify/texts.ts';
import { HttpError } from '../../../../src/server/lib/http-error.ts';

function fails(fn: () => unknown, field?: string) {
  try {
    fn();
  } catch (err) {
    assert.instance(err, HttpError);
    assert.is((err as HttpError).statusCode, 400);
    if (field) assert.is((err as HttpError).field, field);
    return;
  }
  assert.unreachable('should have thrown');
}

/** PARTY_MAX's default: the customer and up to 4 companions. */
const PARTY = 5;

const join = suite('order body');

join("reads the ids of the app's order items and never their service_info", () => {
  const body = {
    pob_id: 2,
    barber_id: null,
    items: [
      {
        amount: 1,
        service_id: 10,
        service_info: { duration: 1, group_id: 1, id: 10, price: 1, title: 'x' },
        extra_services: [{ amount: 1, service_id: 100, title: 'Wash' }],
      },
    ],
  };
  assert.equal(parseJoin(body, PARTY), {
    pobId: 2,
    barberId: null,
    choices: [{ serviceId: 10, extraIds: [100] }],
    etaMinutes: null,
    companions: [],
  });
  assert.equal(parseJoin({ pob_id: '3', barber_id: 4, items: [{ service_id: 5 }] }, PARTY), {
    pobId: 3,
    barberId: 4,
    choices: [{ serviceId: 5, extraIds: [] }],
    etaMinutes: null,
    companions: [],
  });
});

join('bad bodies name their field', () => {
  fails(() => parseJoin({ items: [{ service_id: 1 }] }, PARTY), 'pob_id');
  fails(() => parseJoin({ pob_id: 0, items: [{ service_id: 1 }] }, PARTY), 'pob_id');
  fails(() => parseJoin({ pob_id: 1.5, items: [{ service_id: 1 }] }, PARTY), 'pob_id');
  fails(() => parseJoin({ pob_id: 1, barber_id: 'x', items: [{ service_id: 1 }] }, PARTY), 'barber_id');
  fails(() => parseJoin({ pob_id: 1 }, PARTY), 'items');
  fails(() => parseJoin({ pob_id: 1, items: {} }, PARTY), 'items');
  fails(() => parseJoin({ pob_id: 1, items: [null] }, PARTY), 'items');
  fails(() => parseJoin({ pob_id: 1, items: [{ service_id: 1, amount: 3 }] }, PARTY), 'items');
  fails(() => parseJoin({ pob_id: 1, items: [{ service_id: 1, extra_services: [{ service_id: 'a' }] }] }, PARTY), 'items');
  fails(() => parseJoin({ pob_id: 1, items: Array.from({ length: 11 }, (_, i) => ({ service_id: i + 1 })) }, PARTY), 'items');
});

join('eta_minutes: an optional integer 0–180, anything else is Invalid eta_minutes', () => {
  const at = (eta: unknown) => parseJoin({ pob_id: 1, items: [{ service_id: 1 }], eta_minutes: eta }, PARTY).etaMinutes;
  assert.is(at(0), 0);
  assert.is(at(25), 25);
  assert.is(at(180), 180);
  assert.is(at(null), null);
  for (const bad of [-1, 181, 12.5, '10', true, [], {}, Number.NaN]) {
    try {
      at(bad);
      assert.unreachable(`accepted ${JSON.stringify(bad)}`);
    } catch (err) {
      assert.is((err as { message: string }).message, 'Invalid eta_minutes');
    }
  }
});

join('PATCH eta_minutes comes alone ("Running late?")', () => {
  assert.equal(parsePatch({ eta_minutes: 20 }), { etaMinutes: 20 });
  assert.equal(parsePatch({ eta_minutes: 0 }), { etaMinutes: 0 });
  for (const body of [
    { eta_minutes: 20, cancel: true },
    { eta_minutes: 20, customer_at_pob: true },
    { eta_minutes: -5 },
    { eta_minutes: '5' },
    { eta_minutes: null },
  ])
    fails(() => parsePatch(body));
});

join('walk-ins may list bare service ids', () => {
  assert.equal(parseChoices([1, { service_id: 2, extras: [3] }], 'services'), [
    { serviceId: 1, extraIds: [] },
    { serviceId: 2, extraIds: [3] },
  ]);
});

join('PATCH takes exactly one of check in and cancel', () => {
  assert.is(parsePatch({ customer_at_pob: true }), 'check-in');
  assert.is(parsePatch({ cancel: true }), 'cancel');
  for (const body of [{}, { customer_at_pob: false }, { cancel: 1 }, { cancel: true, customer_at_pob: true }, { other: true }])
    fails(() => parsePatch(body));
});

const notices = suite('turn notices');

notices('near at ten minutes or less, now at zero or in service, nothing once ended', () => {
  const cases: [string, number | null, string | null][] = [
    ['active', 25, null],
    ['active', 11, null],
    ['active', 10, 'near'],
    ['active', 1, 'near'],
    ['active', 0, 'now'],
    ['active', null, null],
    ['in_service', 0, 'now'],
    ['serviced', 0, null],
    ['cancelled', 3, null],
  ];
  for (const [status, wait, want] of cases) assert.is(noticeKind(status as 'active', wait), want, `${status} ${wait}`);
});

notices("texts follow the customer's language, English otherwise", () => {
  assert.is(
    noticeText('server.turn.near', 'fi', { shop: 'Kamppi', wait: 8 }).body,
    'Vuorosi (Kamppi) on noin 8 min päästä. Tule liikkeeseen ja ilmoittaudu.',
  );
  assert.match(noticeText('server.turn.now', 'et', { shop: 'Viru' }).title, 'Nüüd');
  assert.equal(noticeText('server.turn.now', 'sv', { shop: 'Kungsgatan' }), {
    title: 'Nu är det din tur',
    body: 'Nu är det din tur hos Kungsgatan. Checka in i salongen.',
  });
  assert.match(noticeText('server.turn.near', null, { shop: 'X', wait: 5 }).body, 'about 5 min');
  assert.is(noticeText('server.ended.noShow', 'xx', { shop: 'X' }).title, 'You missed your turn');
  assert.is(
    noticeText('server.ended.serviced', 'de', { shop: 'Kamppi' }).body,
    'Danke für deinen Besuch bei Kamppi. Deine Quittung findest du in der App.',
  );
  assert.is(codeText('no', '012345'), 'Bekreftelseskoden din er 012345. Den er gyldig i én time.');
  assert.is(codeText(undefined, '999999'), 'Your confirmation code is 999999. It is valid for one hour.');
});

join.run();
notices.run();
