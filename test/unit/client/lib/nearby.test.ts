/**
 * The rule of a shorter queue nearby (lib/nearby.ts): the radius around the customer (around this shop when his
 * position is unknown), the trip counted, the high end there against the low end here, the 15 minutes, and the
 * state machine's 30 s hold and 5-minute margin on an injected clock.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  candidates,
  chairHere,
  type Candidate,
  holdEnds,
  NEARBY_DEFAULTS,
  nearbySettings,
  OFF,
  type OfferPhase,
  stepOffer,
} from '../../../../src/client/lib/nearby.ts';
import type { LatLng, Shop } from '../../../../src/client/lib/types.ts';

const KALLIO: LatLng = { lat: 60.1806, lng: 24.9527 };
/** A point `km` north of Kallio. */
const north = (km: number): LatLng => ({ lat: KALLIO.lat + km / 111.195, lng: KALLIO.lng });
const S = NEARBY_DEFAULTS;

function shop(id: number, km: number, over: Partial<Shop> = {}): Shop {
  return {
    id,
    name: `Shop ${id}`,
    city: 'Helsinki',
    address: '',
    country: 'FI',
    open: true,
    openingHours: null,
    openTime: null,
    closeTime: null,
    closingSoon: false,
    coords: north(km),
    queue: 5,
    queueLow: 2,
    queueHigh: 10,
    queueState: 'open',
    chairCount: 3,
    isTest: false,
    ...over,
  };
}

const HERE = { id: 2, coords: KALLIO, low: 40 };
const ids = (list: Candidate[]) => list.map((c) => c.shop.id);

test('position unknown: from this shop, trip there counted, high end there against low end here', () => {
  // 0.6 km walks in 8 min; in the chair there in 10 + 8 = 18; here at 40: 22 sooner.
  const [c] = candidates([shop(5, 0.6)], HERE, null, S);
  assert.is(c.km, 0.6);
  assert.is(c.trip, 8);
  assert.is(c.chairIn, 18);
  assert.is(c.gain, 22);
  assert.is(c.fromCustomer, false);
});

test('the radius: 5 km from this shop when the position is unknown', () => {
  assert.equal(ids(candidates([shop(5, 4.9), shop(6, 5.2)], HERE, null, S)), [5]);
  assert.equal(ids(candidates([shop(5, 4.9)], HERE, null, { ...S, radiusMeters: 4000 })), []);
});

test('the radius: around the customer when his position is known', () => {
  // He is 4 km north: shop 6 (8 km north of Kallio) is 4 km from him, shop 5 (1 km south) 5 km.
  const me = north(4);
  const list = candidates([shop(5, -1.5), shop(6, 8)], { ...HERE, low: 60 }, me, S);
  assert.equal(ids(list), [6]);
  assert.is(list[0].fromCustomer, true);
});

test('only other shops that are open and take remote joins, with a wait for him', () => {
  const list = candidates(
    [
      shop(2, 0), // this shop
      shop(3, 0.5, { queueState: 'full' }),
      shop(4, 0.5, { queueState: 'closed' }),
      shop(5, 0.5, { open: false }),
      shop(6, 0.5, { queue: null, queueLow: null, queueHigh: null }),
      shop(7, 0.5),
    ],
    HERE,
    null,
    S,
  );
  assert.equal(ids(list), [7]);
});

test('without a window: its wait there, his wait here', () => {
  const [c] = candidates([shop(5, 0.6, { queue: 8, queueLow: null, queueHigh: null })], { ...HERE, low: null }, null, S);
  assert.is(c, undefined, 'no wait here: nothing to compare');
  const [d] = candidates([shop(5, 0.6, { queue: 8, queueLow: null, queueHigh: null })], { ...HERE, low: 30 }, null, S);
  assert.is(d.chairIn, 16);
});

test('trips: walking under 1.5 km, city driving with parking above', () => {
  const [walk] = candidates([shop(5, 1.5)], HERE, null, S);
  assert.is(walk.trip, 19, '1.5 km at 4.8 km/h');
  const [drive] = candidates([shop(5, 3)], HERE, null, S);
  assert.is(drive.trip, 13, '3 km at 25 km/h plus 5');
});

test('here: the low end, but not before he can be there; at the shop or unknown, no trip', () => {
  assert.is(chairHere(HERE, null), 40);
  assert.is(chairHere({ ...HERE, low: 5 }, north(3)), 13, 'a 13-minute drive to a 5-minute low end');
  assert.is(chairHere({ ...HERE, low: 20 }, north(3)), 20, 'the queue runs while he drives');
  assert.is(chairHere({ ...HERE, low: 0 }, north(0.05)), 0, 'within 100 m he is at the shop');
});

test('best first: the largest gain, then the nearest', () => {
  const list = candidates([shop(5, 2, { queueHigh: 5 }), shop(6, 0.5, { queueHigh: 5 }), shop(7, 0.9, { queueHigh: 0 })], HERE, null, S);
  assert.equal(ids(list), [6, 7, 5]);
});

const at = (gain: number, id = 5) => [{ shop: shop(id, 1), km: 1, trip: 13, chairIn: 40 - gain, gain, fromCustomer: false }];
const T0 = 1_000_000;

test('the 15 minutes: 15 sooner holds, 14 does not', () => {
  assert.equal(stepOffer(OFF, at(15), T0, S), { kind: 'holding', since: T0 });
  assert.equal(stepOffer(OFF, at(14), T0, S), OFF);
  assert.equal(stepOffer(OFF, [], T0, S), OFF);
});

test('the hold: shown only once the condition has held 30 s', () => {
  let p: OfferPhase = stepOffer(OFF, at(20), T0, S);
  assert.is(holdEnds(p, S), T0 + 30_000);
  p = stepOffer(p, at(18), T0 + 29_999, S);
  assert.equal(p, { kind: 'holding', since: T0 });
  p = stepOffer(p, at(18), T0 + 30_000, S);
  assert.equal(p, { kind: 'shown', shopId: 5 });
  assert.is(holdEnds(p, S), null);
});

test('the hold starts again when the condition breaks meanwhile', () => {
  let p = stepOffer(OFF, at(20), T0, S);
  p = stepOffer(p, at(10), T0 + 20_000, S);
  assert.equal(p, OFF);
  p = stepOffer(p, at(20), T0 + 25_000, S);
  p = stepOffer(p, at(20), T0 + 40_000, S);
  assert.equal(p, { kind: 'holding', since: T0 + 25_000 }, 'the 30 s count from the new start');
});

test('the margin: a shown offer stays down to 10 minutes sooner, goes under it', () => {
  const shown: OfferPhase = { kind: 'shown', shopId: 5 };
  assert.is(stepOffer(shown, at(12), T0, S), shown);
  assert.is(stepOffer(shown, at(10), T0, S), shown);
  assert.equal(stepOffer(shown, at(9.5), T0, S), OFF);
  assert.equal(stepOffer(shown, [], T0, S), OFF, 'its shop no longer a candidate');
});

test('a shown offer keeps its shop when another becomes better', () => {
  const shown: OfferPhase = { kind: 'shown', shopId: 5 };
  assert.is(stepOffer(shown, [...at(40, 6), ...at(12, 5)], T0, S), shown);
});

test('its shop fallen under the margin while another holds: the hold starts again for it', () => {
  const shown: OfferPhase = { kind: 'shown', shopId: 5 };
  assert.equal(stepOffer(shown, [...at(30, 6), ...at(5, 5)], T0, S), { kind: 'holding', since: T0 });
});

test('no hold: shown at once', () => {
  assert.equal(stepOffer(OFF, at(20), T0, { ...S, holdSeconds: 0 }), { kind: 'shown', shopId: 5 });
});

test('settings: the served ones, each missing or broken one at its default', () => {
  assert.equal(nearbySettings(undefined), { radiusMeters: 5000, gainMinutes: 15, holdSeconds: 30, marginMinutes: 5 });
  assert.equal(nearbySettings({ radiusMeters: 3000, gainMinutes: Number.NaN, holdSeconds: -1 }), {
    radiusMeters: 3000,
    gainMinutes: 15,
    holdSeconds: 30,
    marginMinutes: 5,
  });
});

test.run();
