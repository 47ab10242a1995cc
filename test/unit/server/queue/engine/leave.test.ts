/**
 * When a customer on his way should leave and when the shop can expect him (engine/leave.ts): the one computation
 * behind tracking's "leave by", the "time to leave" alert and the console's expected arrival.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { arrivalPlan, arrivalPlans, arriveIn, type PartyLeaveOrder } from '../../../../../src/server/queue/engine/leave.ts';
import { DEFAULT_LEARNED, meanAbove } from '../../../../../src/server/queue/engine/lanes.ts';

const MIN = 60_000;
const T = Date.parse('2026-11-24T10:00:00Z');
const away = (over: Record<string, unknown> = {}) => ({
  status: 'active',
  checkedIn: false,
  source: 'app' as const,
  joinedAt: T,
  expectedAt: T + 20 * MIN,
  ...over,
});
const at = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString().slice(11, 16));

test('a 20-minute trip and a window from 50: leave at 30, expected at 50 (not 20 minutes after joining)', () => {
  const p = arrivalPlan(away(), { wait: 60, low: 50 }, T, undefined);
  assert.equal([p?.trip, at(p?.leaveBy), at(p?.arriveAt)], [20, '10:30', '10:50']);
});

test('a window opening sooner than his trip: leave now, expected at the arrival he gave', () => {
  const p = arrivalPlan(away(), { wait: 25, low: 12 }, T, undefined);
  assert.equal([at(p?.leaveBy), at(p?.arriveAt)], ['10:00', '10:20']);
  // Half a minute on, the moment is the current minute: every screen reading within it says the same.
  const later = arrivalPlan(away(), { wait: 25, low: 12 }, T + 30_000, undefined);
  assert.is(later?.leaveBy, T);
});

test('no arrival given: the learned trip; without a window the wait itself', () => {
  const trip = Math.round(meanAbove(DEFAULT_LEARNED.trip, 0));
  const p = arrivalPlan(away({ expectedAt: null }), { wait: 90, low: null }, T, undefined);
  assert.is(p?.trip, trip);
  assert.is(p?.leaveBy, T + (90 - trip) * MIN);
  assert.is(p?.arriveAt, T + 90 * MIN);
});

test('nothing for one at the shop, stepped out, in service, at the desk, or not served today', () => {
  assert.is(arrivalPlan(away({ checkedIn: true }), { wait: 60, low: 50 }, T, undefined), null);
  assert.is(arrivalPlan(away({ status: 'in_service' }), { wait: 0, low: 0 }, T, undefined), null);
  assert.is(arrivalPlan(away({ source: 'desk', expectedAt: null }), { wait: 60, low: 50 }, T, undefined), null);
  assert.is(arrivalPlan(away(), { wait: null, low: null }, T, undefined), null);
});

test("he should be there as his window opens (never after his wait): the moment the bench's followers leave by", () => {
  assert.equal([arriveIn(60, 50), arriveIn(25, null), arriveIn(20, 30)], [50, 25, 20]);
  const p = arrivalPlan(away(), { wait: 60, low: 50 }, T, undefined);
  assert.is(p?.leaveBy, T + (arriveIn(60, 50) - 20) * MIN);
});

test('a party travels together: the console expects its companions when it expects the customer, not at their own turns', () => {
  const orders = new Map<number, PartyLeaveOrder>([
    [1, away()],
    [2, { ...away(), partyOf: 1 }],
    [3, { ...away(), partyOf: 1, checkedIn: true }],
    [4, away({ expectedAt: T + 30 * MIN })],
  ]);
  const rows = [
    { id: 1, wait: 60, low: 50 },
    { id: 2, wait: 95, low: 80 },
    { id: 3, wait: 120, low: 100 },
    { id: 4, wait: 95, low: 80 },
  ];
  const plans = arrivalPlans(orders, rows, T, undefined);
  const of = (id: number) => [at(plans.get(id)?.leaveBy), at(plans.get(id)?.arriveAt)];
  assert.equal(of(1), ['10:30', '10:50']);
  assert.equal(of(2), of(1), 'the companion leaves with the customer and is expected with him');
  assert.equal(of(3), [undefined, undefined], 'one at the shop is expected by nobody');
  assert.equal(of(4), ['10:50', '11:20'], 'someone else on his own');
});

test.run();
