/** Schemas of the customer's orders (the shop's operator API on the queue: operator-queue.ts). */
import { arrayOf, body, bool, described, int, iso, isoOrNull, MAX_ID, nullable, num, obj, params, str, type JsonSchema } from './common.ts';

/** An id in a body: a number, or a string of digits from a lenient client. */
const bodyIdDoc = 'a positive integer id, or a string of its digits';

const items = described(
  'array, required',
  'at most 10 of {amount: 1, service_id, service_info?, extra_services?: [{amount: 1, service_id}]}, or bare service ids ' +
    "('Missing items parameter', 'Invalid items', 'Too many items', 'Invalid items: extra_services', 'Invalid items: amount must be 1')",
);

export const joinSchema = {
  summary: 'Join the queue of a shop (201)',
  params: params('id'),
  // Documented here, checked by input/orders.ts (its 400 text is the wire contract's).
  headers: {
    type: 'object',
    properties: {
      'idempotency-key': {
        type: 'string',
        description:
          'one per send, reused when the same send is retried: kept per customer for 24 h; ' +
          'a replay gets 201 with the first answer, the same key with another body 422',
      },
    },
  },
  // pob_id is checked first: a missing one is refused here. null, '' and out-of-range digit strings pass on to
  // the handler, which answers 'Missing pob_id parameter' / 'Invalid pob_id' as before; the fields after it are
  // the handler's (common.ts).
  body: body(
    {
      pob_id: {
        description: bodyIdDoc,
        anyOf: [{ type: 'integer', minimum: 1, maximum: MAX_ID }, { type: 'string', pattern: '^[0-9]{0,10}$' }, { type: 'null' }],
      },
      barber_id: described('integer, string of digits or null', `${bodyIdDoc}; null or absent for anyone`),
      items,
      eta_minutes: described(
        'integer 0–180 or null',
        "minutes until the customer expects to be at the shop; absent or null: not said ('Invalid eta_minutes')",
      ),
      companions: described(
        'array or null',
        'the people who come with him, at most PARTY_MAX − 1 (config.json partyMax) of ' +
          '{name: 1–30 characters after trimming, no control characters; items: as above; barber_id?: of this shop or null}; ' +
          "placed after him with priority 0, numbered person 1, 2, … in the order given; the whole party must fit ('Too many companions: " +
          "at most N people in one order', 'Missing companions[i].name parameter', 'Invalid companions[i].name', " +
          "'Unknown field companions[i].x', 'Missing companions[i].items parameter', …; the timeslot 409 when the party does not fit)",
      ),
    },
    { required: ['pob_id'] },
  ),
  description:
    "An unknown field is a 400 ('Unknown field x'). Nothing is stored on a refusal. A party counts once against JOIN_LIMIT_CUSTOMER.",
  response: { 201: { $ref: 'wireOrder#' } },
};

/** The quote: the join's body, read and refused as the join reads it, placing nothing. */
export const quoteSchema = {
  summary: 'What a join of this body would be told now, placing nothing',
  params: params('id'),
  body: joinSchema.body,
  description:
    "The join's body and its 400s; the join's 404 (shop) and 409s (closed, full, timeslot). Nothing is stored and no " +
    "join is counted. The priority is the token's customer's membership. Kept per customer and body until the shop's " +
    'queue changes or the minute moves (a repeat runs no query). The join placed on the same queue version within the ' +
    'same minute answers the same wait and window.',
  response: {
    200: obj({
      pob_id: int,
      priority: int,
      queue: num,
      queue_low: nullable(num),
      queue_high: nullable(num),
      ahead: int,
      expected_at: isoOrNull,
      leave_by: isoOrNull,
      barber_id: nullable(int),
      price: num,
      duration: num,
      party: arrayOf(obj({ person: int, queue: num, queue_low: nullable(num), queue_high: nullable(num) })),
      party_done: nullable(num),
      party_done_low: nullable(num),
      party_done_high: nullable(num),
      queue_version: int,
      quoted_at: iso,
    }),
  },
};

const orderBarber = nullable(obj({ id: int, name: str, image: nullable(str) }));
const orderExtra = obj({ id: int, amount: num, title: str, description: str, order: num, price: num, duration: num });
const orderServices = arrayOf(
  obj({
    id: int,
    amount: num,
    title: str,
    description: str,
    order: num,
    price: num,
    duration: num,
    group_id: int,
    group_name: str,
    extra_services: arrayOf(orderExtra),
  }),
);
const orderStatus = { type: 'string', enum: ['active', 'cancelled', 'serviced', 'no-show'] };

/** One person of an order's party (WirePartyPerson). */
const partyPerson = obj(
  {
    person: int,
    name: str,
    status: orderStatus,
    in_service: bool,
    queue: nullable(num),
    queue_low: nullable(num),
    queue_high: nullable(num),
    barber: orderBarber,
    services: orderServices,
    price: num,
    duration: num,
  },
  ['queue_low', 'queue_high'],
);

/** The customer's order (WireOrder), shared by the three order routes. */
export const wireOrder: JsonSchema = {
  $id: 'wireOrder',
  ...obj(
    {
      id: int,
      customer_id: int,
      pob_id: int,
      pob: obj({ id: int, name: str, address: str, city: str, location: obj({ latitude: num, longitude: num }) }),
      status: orderStatus,
      in_service: bool,
      customer_at_pob: bool,
      queue: nullable(num),
      queue_low: nullable(num),
      queue_high: nullable(num),
      ahead: num,
      quoted_wait: nullable(num),
      quoted_low: nullable(num),
      quoted_high: nullable(num),
      expected_at: isoOrNull,
      waits_for_arrival: bool,
      leave_by: isoOrNull,
      date: iso,
      started_at: isoOrNull,
      finished_at: isoOrNull,
      barber: orderBarber,
      chosen_barber_id: nullable(int),
      services: orderServices,
      price: num,
      duration: num,
      party: { ...arrayOf(partyPerson), description: 'everyone of the order, the customer (person 0) first' },
      party_done: nullable(num),
      party_done_low: nullable(num),
      party_done_high: nullable(num),
      stepped_out_until: isoOrNull,
      step_outs_left: int,
    },
    [
      'queue_low',
      'queue_high',
      'quoted_low',
      'quoted_high',
      'leave_by',
      'party',
      'party_done',
      'party_done_low',
      'party_done_high',
      'stepped_out_until',
      'step_outs_left',
    ],
  ),
};

export const orderSchema = {
  summary: "One of the customer's orders",
  params: params('id', 'orderId'),
  response: { 200: { $ref: 'wireOrder#' } },
};

export const orderPatchSchema = {
  summary: 'Check in at the shop (the whole party), say when you will be there ("Running late?"), leave the queue, or step out',
  description:
    "eta_minutes: a new expected arrival, 409 once checked in ('Order is already checked in') " +
    'and 409 with the timeslot text when the order would no longer be served before closing; nothing is stored on a refusal. ' +
    "cancel with person N (1–4): that companion only, who stays in `party` as cancelled (400 'Invalid person' for a person " +
    "the order does not have, 409 'Order is already in service' while he is in the chair). step_out_minutes (10, 20 or 30, " +
    "else 400 'Invalid step_out_minutes'): the party steps out and keeps its place; 409 'Check in before stepping out', " +
    "'Already stepped out', 'No step-outs left for this order' (STEP_OUTS_PER_ORDER) or 'Order is already in service'. " +
    'customer_at_pob while stepped out is "I\'m back".',
  params: params('id', 'orderId'),
  // Exactly one of the three, the first two only `true` ('"cancel": "true"' is 'Invalid cancel'); the handler
  // answers none and several, and checks eta_minutes (its 400 text is the wire contract's).
  body: body(
    {
      customer_at_pob: { type: 'boolean', enum: [true] },
      cancel: { type: 'boolean', enum: [true] },
      eta_minutes: described('integer 0–180', "minutes until the customer expects to be at the shop ('Invalid eta_minutes')"),
      person: described('integer 1–4, with cancel only', 'the companion to take off'),
      step_out_minutes: described('10, 20 or 30', 'step out and keep the place'),
    },
    { closed: true },
  ),
  response: { 200: { $ref: 'wireOrder#' } },
};

export const moveSchema = {
  summary: 'Move a waiting order to another shop of the chain (201 with the new order, the old one cancelled)',
  description:
    'The same services and extras at the other shop, matched by catalogue key (what it lacks is dropped; none left: 409 ' +
    "'None of the services is offered at that shop'), anyone as barber, the customer's membership priority, and the " +
    "new shop's own quote and window; all in one transaction, nothing changed on a refusal. " +
    "404 'Shop not found' for an unknown shop or one of another country, 400 'The order is already at this shop', " +
    "409 'A checked-in order cannot move', 'Order is already in service', 'Order is not active', 'The shop is closed', " +
    "'The queue is full' or the timeslot text; 429 past JOIN_LIMIT_CUSTOMER (a move counts as a join). " +
    'A move sent again after it succeeded answers the order it made.',
  params: params('id', 'orderId'),
  body: body(
    {
      pob_id: { description: `${bodyIdDoc}: the shop to move to` },
      eta_minutes: described(
        'integer 0–180 or null',
        "minutes until the customer expects to be at the other shop; absent or null: not said ('Invalid eta_minutes')",
      ),
    },
    { closed: true },
  ),
  response: { 201: { $ref: 'wireOrder#' } },
};

export {
  checkInSchema,
  finishSchema,
  noShowSchema,
  operatorPobPatchSchema,
  operatorQueueSchema,
  startSchema,
  walkInSchema,
} from './operator-queue.ts';
