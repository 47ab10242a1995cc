/**
 * Schemas of the shop console's own routes: pairing a device, its key, the device list and who a
 * bearer is. The bodies are read by the handlers (operator/devices.ts) after the bearer is checked: described only.
 */
import { operatorQueueSchema } from './orders.ts';
import { arrayOf, bool, described, describedBody, int, iso, isoOrNull, nullable, num, obj, params, str } from './common.ts';

const deviceRole = { type: 'string', enum: ['console', 'display'] };
const pairedRole = { type: 'string', enum: ['console', 'display', 'owner'] };
const bearer =
  "the shop's operator key or a paired device's key as the bearer (401 without a valid or with a revoked key, 403 with another shop's)";
const changer = `${bearer}; a display key only reads (403)`;

export const pairingSchema = {
  summary: 'Pair a device: trade a one-time pairing code for its own key (201)',
  description:
    'No bearer. Tries per address are limited (PAIRING_LIMIT_ADDRESS in 15 min, then 429 with Retry-After); ' +
    'an unknown, used or expired code is 401 `Invalid pairing code`.',
  body: describedBody(
    {
      code: described('string, required', '8 characters; case, spaces and dashes are ignored'),
      name: described('string, required', "the device's name, at most 40 characters"),
    },
    'A JSON object',
  ),
  response: { 201: obj({ key: str, role: pairedRole, pob_id: nullable(int), device_id: int, name: str }) },
};

export const pairingCodeSchema = {
  summary: 'Make a pairing code for a new device of the shop (201): valid 10 minutes, single use',
  description: changer,
  params: params('id'),
  body: describedBody({ role: described("'console' or 'display', required") }, 'A JSON object'),
  response: { 201: obj({ code: str, role: deviceRole, expires_at: iso }) },
};

export const localPairingCodeSchema = {
  summary: 'A pairing code for `npm run operator-key -- <shopId> --pair` on the server machine while it holds PGlite (201)',
  description:
    'Bearer: the secret of DATA_DIR/local-admin.json, from the loopback only (401 otherwise); ' +
    '404 when the server has no such secret (PostgreSQL: the script writes the database itself).',
  params: params('id'),
  body: describedBody({ role: described("'console' or 'display', required") }, 'A JSON object'),
  response: { 201: obj({ code: str, role: deviceRole, expires_at: iso }) },
};

export const devicesSchema = {
  summary: "The shop's paired devices, revoked ones included",
  description: changer,
  params: params('id'),
  response: {
    200: arrayOf(obj({ id: int, name: str, role: deviceRole, created_at: iso, last_seen_at: isoOrNull, revoked_at: isoOrNull })),
  },
};

export const deviceDeleteSchema = {
  summary: 'Revoke a device: its key stops working at once (204)',
  description: changer,
  params: params('id', 'deviceId'),
  response: { 204: { type: 'null', description: 'No content' } },
};

export const meSchema = {
  summary: "Who the bearer is: the shop, and the role and name of a paired device (the chain owner's: no shop)",
  description: bearer,
  response: {
    200: obj({
      pob_id: nullable(int),
      pob_name: nullable(str),
      role: { type: 'string', enum: ['shop', 'console', 'display', 'owner'] },
      device_id: nullable(int),
      name: nullable(str),
    }),
  },
};

const barberDay = (summary: string) => ({
  summary,
  description:
    `${changer}. Edits today's shift windows as a queue change; answers the floor as GET queue does. ` +
    '404 for a barber not working at the shop today, ' +
    "409 'Barber is not on shift now' / 'Barber is already on a break' / 'Barber is not on a break'.",
  params: params('id', 'barberId'),
  response: { 200: operatorQueueSchema.response[200] },
});

export const breakSchema = {
  ...barberDay('A barber takes a break of 15, 30 or 60 minutes'),
  body: describedBody({ minutes: described('15, 30 or 60, required') }, 'A JSON object'),
};
export const backSchema = barberDay('A barber is back from his break now');
export const endShiftSchema = barberDay(
  'A barber ends his day now: the waiting orders that chose him go to anyone, and their customers are told',
);

const stats = obj(
  {
    served: int,
    waiting: int,
    no_shows: int,
    walk_ins: int,
    remote_joins: int,
    mean_wait_minutes: nullable(num),
    mean_quoted_minutes: nullable(num),
    mean_actual_minutes: nullable(num),
    within_10_share: nullable(num),
    waited_longer_share: nullable(num),
    served_sooner_share: nullable(num),
    before_window_share: nullable(num),
    in_window_share: nullable(num),
    past_window_share: nullable(num),
    mean_window_minutes: nullable(num),
    moved_in: { ...int, description: 'orders of the period that moved here from another shop of the chain' },
    moved_out: { ...int, description: 'orders of the period that moved from here to another shop of the chain' },
  },
  ['served_sooner_share', 'before_window_share', 'in_window_share', 'past_window_share', 'mean_window_minutes'],
);

export const statsSchema = {
  summary: "The shop's figures for today and the last 7 days (today included) in its time zone, over the orders joined then",
  description:
    `${bearer}. Honesty figures by one definition (queue/engine/accuracy.ts): quote = the wait shown at join, ` +
    `actual = service start − join, within 10 minutes; means in minutes, shares 0–1, null when there is nothing to average.`,
  params: params('id'),
  response: { 200: obj({ today: stats, week: stats }) },
};

const deviceList = arrayOf(obj({ id: int, name: str, role: pairedRole, created_at: iso, last_seen_at: isoOrNull, revoked_at: isoOrNull }));
const owner = "the chain owner's paired key as the bearer (401 without a valid or with a revoked key, 403 with a shop's key or device)";
const local =
  'Bearer: the secret of DATA_DIR/local-admin.json, from the loopback only (401 otherwise); ' +
  '404 when the server has no such secret (PostgreSQL: the script writes the database itself).';

export const ownerDevicesSchema = {
  summary: "The chain owner's paired browsers, revoked ones included",
  description: owner,
  response: { 200: deviceList },
};

export const ownerDeviceDeleteSchema = {
  summary: "Revoke one of the chain owner's browsers: its key stops working and its streams end at once (204)",
  description: `${owner}. Logged with the revoking browser's name.`,
  params: params('deviceId'),
  response: { 204: { type: 'null', description: 'No content' } },
};

export const localOwnerPairingCodeSchema = {
  summary: "A pairing code for a chain owner's browser, for `npm run owner-key` on the server machine while it holds PGlite (201)",
  description: local,
  response: { 201: obj({ code: str, role: pairedRole, expires_at: iso }) },
};

export const localOwnerDevicesSchema = {
  summary: "The chain owner's paired browsers, for `npm run owner-key -- --list` on the server machine while it holds PGlite",
  description: local,
  response: { 200: deviceList },
};

export const localOwnerDeviceDeleteSchema = {
  summary: "Revoke a chain owner's browser, for `npm run owner-key -- --revoke <id>` on the server machine while it holds PGlite (204)",
  description: local,
  params: params('deviceId'),
  response: { 204: { type: 'null', description: 'No content' } },
};

/** One shop's row of the chain (GET /operator/chain/, and the chain stream's events). */
export const chainShopRow = obj({
  id: int,
  name: str,
  open: bool,
  queue_state: { type: 'string', enum: ['open', 'closed', 'full'] },
  closes_at: isoOrNull,
  chairs: int,
  barbers_on_shift: int,
  waiting_present: int,
  waiting_on_way: int,
  in_service: int,
  wait: nullable(obj({ minutes: int, low: nullable(int), high: nullable(int) })),
  waits: arrayOf(obj({ priority: int, minutes: int, low: nullable(int), high: nullable(int) })),
  crowded: bool,
  nearby_room: arrayOf(int),
  figures: obj({ today: stats, week: stats }),
});

export const chainSchema = {
  summary:
    'Every shop of the chain: its floor now (as GET …/queue/ reads it), its figures for today and the last 7 days (as GET …/stats/ answers), and whether it is crowded while a shop nearby has room (CHAIN_FLAG_WAIT_MINUTES, NEARBY_RADIUS_M)',
  description: owner,
  response: {
    200: obj({
      pobs: arrayOf(chainShopRow),
    }),
  },
};

/** The chain stream's `chain-rows` event (WireChainRows): the rows changed since version `from`, and the shops gone. */
export const chainRowsSchema = obj({ from: int, version: int, pobs: arrayOf(chainShopRow), removed: arrayOf(int) });

const shift = obj({ id: int, barber_id: int, start: iso, end: iso });
const planner =
  "the shop's key, one of its consoles or the chain owner's key as the bearer (401 without a valid key, 403 for a display or another shop's key)";
const planErrors =
  "400 'Shifts are planned for today and the next 14 days' or a bad time; 409 'The shift is outside the shop's opening hours', " +
  "'The barber has another shift at that time', or 'This change would leave N waiting customers with no barber before close' " +
  '(nothing changes). Announced as a queue change: waits and streams follow.';

export const shiftListSchema = {
  summary:
    "The shop's shift plan: today and the next 14 days with each day's opening hours (null: closed), the barbers who may be planned (the shop's own first, `here`), and the shop's shifts on those days",
  description: planner,
  params: params('id'),
  response: {
    200: obj({
      pob_id: int,
      timezone: str,
      days: arrayOf(obj({ date: str, opens: nullable(str), closes: nullable(str) })),
      barbers: arrayOf(obj({ id: int, name: str, here: bool })),
      shifts: arrayOf(shift),
    }),
  },
};

export const shiftAddSchema = {
  summary: "Plan a barber's shift at the shop, today or up to 14 days ahead (201)",
  description: `${planner}. ${planErrors}`,
  params: params('id'),
  body: describedBody(
    {
      barber_id: described('integer, required'),
      start: described('ISO time, required'),
      end: described('ISO time, required', 'after start, on the same day, inside its opening hours'),
    },
    'A JSON object',
  ),
  response: { 201: shift },
};

export const shiftMoveSchema = {
  summary: 'Move a planned shift of the shop to other times (same barber)',
  description: `${planner}. 404 for a shift not of this shop. ${planErrors}`,
  params: params('id', 'shiftId'),
  body: describedBody({ start: described('ISO time, required'), end: described('ISO time, required') }, 'A JSON object'),
  response: { 200: shift },
};

export const shiftDeleteSchema = {
  summary: 'Remove a planned shift of the shop (204)',
  description: `${planner}. 404 for a shift not of this shop. 409 when it would leave waiting customers with no barber before close.`,
  params: params('id', 'shiftId'),
  response: { 204: { type: 'null', description: 'No content' } },
};
