/**
 * Schemas of the shop's operator API on the queue: the floor, walk-ins, the full switch and the order transitions.
 * The operator routes check the shop's key inside the handler, before the body: their bodies are described only,
 * so a key-less caller still gets its 401 whatever it sends (see common.ts).
 */
import { arrayOf, bool, described, describedBody, int, iso, isoOrNull, nullable, num, obj, params, str } from './common.ts';

/** An id in a body: a number, or a string of digits from a lenient client. */
const bodyIdDoc = 'a positive integer id, or a string of its digits';

const operatorOrder = obj(
  {
    id: int,
    name: str,
    customer: bool,
    status: { type: 'string', enum: ['waiting', 'in_service'] },
    priority: int,
    customer_at_pob: bool,
    chosen_barber_id: nullable(int),
    barber_id: nullable(int),
    joined_at: iso,
    started_at: isoOrNull,
    start: isoOrNull,
    expected_end: isoOrNull,
    wait: nullable(num),
    wait_low: nullable(num),
    wait_high: nullable(num),
    position: nullable(num),
    duration: num,
    services: arrayOf(str),
    items: arrayOf(obj({ service_id: int, title: str, extra_services: arrayOf(int) })),
    source: { type: 'string', enum: ['app', 'desk'] },
    checked_in_at: isoOrNull,
    expected_at: isoOrNull,
    leave_by: isoOrNull,
    first_name: str,
    last_initial: nullable(str),
    membership: nullable(int),
    phone_linked: bool,
    party_of: nullable(int),
    person: int,
    party_size: int,
    stepped_out_until: isoOrNull,
    no_show_from: isoOrNull,
  },
  ['wait_low', 'wait_high', 'leave_by', 'items', 'party_of', 'person', 'party_size', 'stepped_out_until', 'no_show_from'],
);

const operatorPob = obj(
  {
    id: int,
    name: str,
    open: bool,
    full: bool,
    queue_state: { type: 'string', enum: ['open', 'closed', 'full'] },
    closing_soon: bool,
    queue_version: num,
    wait_time: nullable(num),
    wait_low: nullable(num),
    wait_high: nullable(num),
  },
  ['wait_time', 'wait_low', 'wait_high'],
);

const bearerKey = "the shop's operator key as the bearer (401 without a valid key, 403 with another shop's)";

export const operatorQueueSchema = {
  summary: "The shop's floor: barbers and open orders",
  description: bearerKey,
  params: params('id'),
  response: {
    200: obj({
      pob: operatorPob,
      barbers: arrayOf(
        obj(
          {
            id: int,
            name: str,
            image: nullable(str),
            on_shift: bool,
            shifts: arrayOf(obj({ start: iso, end: iso })),
            speed: num,
            serving: nullable(int),
            wait_time: nullable(num),
            wait_low: nullable(num),
            wait_high: nullable(num),
            queue_open: bool,
            serving_since: isoOrNull,
            expected_finish: isoOrNull,
            next_order: nullable(int),
            on_break_until: isoOrNull,
          },
          ['wait_low', 'wait_high'],
        ),
      ),
      orders: arrayOf(operatorOrder),
    }),
  },
};

export const walkInSchema = {
  summary: 'Add a walk-in customer (201)',
  description: bearerKey,
  params: params('id'),
  body: describedBody(
    {
      name: described('string, required', 'at most 60 characters'),
      services: described('array, required', "service ids or items as in the customer's join (also accepted as `items`)"),
      barber_id: described('integer or string of digits', bodyIdDoc),
      phone: described(
        'string',
        "the customer's phone (E.164, or as typed in the shop's country): " +
          'links the order to the account and its membership; an unknown number is no membership',
      ),
      priority: described('refused', "400 'Unknown field priority': the membership comes from the phone"),
      customer_at_pob: described('boolean', 'default true'),
    },
    'A JSON object',
  ),
  response: { 201: operatorOrder },
};

export const operatorPobPatchSchema = {
  summary: 'Mark the shop full or not',
  description: bearerKey,
  params: params('id'),
  body: describedBody({ full: described('boolean, required') }, 'A JSON object with `full` only'),
  response: { 200: operatorPob },
};

/** What an order transition answers: the order's state now. */
const orderState = obj({
  id: int,
  pob_id: int,
  status: { type: 'string', enum: ['active', 'in_service', 'serviced', 'cancelled', 'no-show'] },
  barber_id: nullable(int),
  customer_at_pob: bool,
  started_at: isoOrNull,
  finished_at: isoOrNull,
});

const transition = (summary: string) => ({ summary, description: bearerKey, params: params('id'), response: { 200: orderState } });

export const startSchema = {
  ...transition('Start serving an order'),
  body: describedBody({ barber_id: described('integer or string of digits, required', bodyIdDoc) }, 'A JSON object'),
};
export const finishSchema = transition('Finish serving an order');
export const checkInSchema = transition('Check an order in at the desk');
export const noShowSchema = transition('Mark an order a no-show');

export const deskChangeSchema = {
  summary: "Change a waiting order's services, extras or chosen barber at the desk",
  description: `${bearerKey} Repriced and planned again; 409 when it no longer fits before close or would leave others with no barber.`,
  params: params('id'),
  body: describedBody(
    {
      services: described('array', "service ids or items as in the customer's join (also accepted as `items`): replaces them all"),
      barber_id: described('integer, string of digits or null', `${bodyIdDoc}; null: anyone`),
    },
    'A JSON object with at least one of them',
  ),
  response: { 200: operatorOrder },
};

/** A party at the desk: its people after the action, and until when it may be undone. */
const partyAtDesk = obj({
  order_id: int,
  people: arrayOf(
    obj({
      id: int,
      person: int,
      status: { type: 'string', enum: ['active', 'in_service', 'serviced', 'cancelled', 'no-show'] },
      customer_at_pob: bool,
    }),
  ),
  undo_until: isoOrNull,
});

const partyAction = (summary: string) => ({ summary, description: bearerKey, params: params('id'), response: { 200: partyAtDesk } });
export const partyCheckInSchema = partyAction("Check in every waiting person of the order's party");
export const partyNoShowSchema = partyAction("Mark every waiting person of the order's party a no-show");
export const partyUndoSchema = partyAction("Undo the party's last check-in or no-show at the desk (within DESK_UNDO_SECONDS)");
