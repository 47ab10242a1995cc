import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { shiftWeeks, topUpRoster } from '../../../src/server/seed/roster.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-24T10:00:00Z');
const roster = suite('demo roster top-up');
let h: Harness;

roster.before(async () => {
  h = await harness({ seed: seedDemo, start: NOW });
});
roster.after(async () => h.close());

const shiftsOn = async (from: number, to: number) =>
  Number(
    (
      await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shifts WHERE starts_at >= $1 AND starts_at < $2', [
        new Date(from).toISOString(),
        new Date(to).toISOString(),
      ])
    ).rows[0].n,
  );

roster('a fresh seed already covers the week: nothing to add', async () => {
  assert.is(await topUpRoster(h.db, NOW), 0);
});

roster('started again three weeks later, the demo has barbers today and for the next week', async () => {
  const later = NOW + 21 * DAY;
  assert.is(await shiftsOn(later, later + DAY), 0);
  const added = await topUpRoster(h.db, later);
  assert.ok(added > 300, `added ${added}`);
  assert.ok((await shiftsOn(later - 12 * 3_600_000, later + 12 * 3_600_000)) > 20, 'shifts today');
  assert.ok((await shiftsOn(later + 6 * DAY, later + 7 * DAY)) > 20, 'shifts in 6 days');
  const res = await h.app.inject({ method: 'GET', url: '/api/fi/pobs/' });
  assert.is(res.statusCode, 200);
  assert.is(await topUpRoster(h.db, later), 0, 'a second call adds nothing');
});

roster('a shift keeps its local hours across the autumn clock change', () => {
  // 09:00–17:00 Helsinki on 2026-10-20 (UTC+3) is 09:00–17:00 on 2026-10-27 (UTC+2).
  const start = Date.parse('2026-10-20T06:00:00Z');
  const end = Date.parse('2026-10-20T14:00:00Z');
  assert.equal(shiftWeeks(start, end, 'Europe/Helsinki', 1), {
    start: Date.parse('2026-10-27T07:00:00Z'),
    end: Date.parse('2026-10-27T15:00:00Z'),
  });
  // A night shift ending at midnight ends at midnight a week later too.
  const late = shiftWeeks(Date.parse('2026-11-24T14:00:00Z'), Date.parse('2026-11-24T22:00:00Z'), 'Europe/Helsinki', 1);
  assert.equal(late, { start: Date.parse('2026-12-01T14:00:00Z'), end: Date.parse('2026-12-01T22:00:00Z') });
});

roster.run();
