/** Fixtures of the queue's client tests: a shop detail as GET /pobs/{id}/ answers it, and an order as the order calls do. */
import type { WirePobDetail } from '../../src/shared/wire.ts';
import type { WireOrder, WireOrderInput, WireQuote } from '../../src/shared/wire-order.ts';
import { leaveBy } from '../../src/shared/leave-by.ts';

const WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '00:00', close: '24:00' }));

export function pob(over: Partial<WirePobDetail> = {}): WirePobDetail {
  return {
    id: 2,
    name: 'Kallio',
    city: 'Helsinki',
    address: 'Hämeentie 13, 00530 Helsinki',
    country: 'FI',
    open: true,
    open_times: WEEK,
    closing_soon: false,
    location: { latitude: 60.1806, longitude: 24.9527 },
    service_time_estimates: [{ priority: 0, wait_time: 20 }],
    queue_state: 'open',
    queue_info: { queue_employees: 2, queue_length: 3 },
    chair_count: 4,
    image: false,
    floor: null,
    notices: [],
    service_groups: [
      { id: 1, title: 'Haircuts', order: 1, description: '', parent_id: null },
      { id: 2, title: 'Beard', order: 2, description: '', parent_id: null },
    ],
    services: [
      {
        id: 10,
        group_id: 1,
        title: 'Haircut',
        order: 1,
        description: 'Scissors and clippers.',
        long_description: '',
        price: 3500,
        duration: 30,
        multiple: true,
      },
      {
        id: 20,
        group_id: 2,
        title: 'Beard trim',
        order: 1,
        description: 'Shape and length.',
        long_description: '',
        price: 2500,
        duration: 20,
        multiple: false,
      },
    ],
    extra_services: {
      '10': [
        { id: 101, service_id: 10, title: 'Styling wax', order: 2, description: '', long_description: '', price: 300, duration: 0 },
        { id: 100, service_id: 10, title: 'Hair wash', order: 1, description: '', long_description: '', price: 500, duration: 5 },
      ],
      '20': [
        { id: 200, service_id: 20, title: 'Hot towel', order: 1, description: '', long_description: '', price: 600, duration: 5 },
        { id: 201, service_id: 20, title: 'Beard oil', order: 2, description: '', long_description: '', price: 400, duration: 0 },
      ],
    },
    shortest_queue: 20,
    queues: [
      { barber: { id: 7, name: 'Mikko K.', image: null }, wait_time: 45, queue_open: true },
      { barber: { id: 8, name: 'Jari L.', image: null }, wait_time: 3, queue_open: true },
    ],
    ...over,
  };
}

export function wireOrder(over: Partial<WireOrder> = {}): WireOrder {
  return {
    id: 41,
    customer_id: 7,
    pob_id: 2,
    pob: {
      id: 2,
      name: 'Kallio',
      address: 'Hämeentie 13, 00530 Helsinki',
      city: 'Helsinki',
      location: { latitude: 60.1806, longitude: 24.9527 },
    },
    status: 'active',
    in_service: false,
    customer_at_pob: false,
    queue: 25,
    ahead: 2,
    quoted_wait: 20,
    date: '2026-11-24T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    barber: { id: 3, name: 'Mikko K.', image: null },
    chosen_barber_id: 3,
    services: [
      {
        id: 10,
        amount: 1,
        title: 'Haircut',
        description: 'Scissors and clippers.',
        order: 1,
        price: 3500,
        duration: 30,
        group_id: 1,
        group_name: 'Haircuts',
        extra_services: [
          { id: 100, amount: 1, title: 'Hair wash', description: 'Shampoo and conditioner.', order: 1, price: 500, duration: 5 },
        ],
      },
    ],
    price: 4000,
    duration: 35,
    ...over,
  };
}

/**
 * POST /customers/{id}/quote/ as the server answers it for the body sent: `wait` and its window for him (by default
 * the fixture shop's 20 minutes), his arrival and leave-by from the eta_minutes sent (shared/leave-by.ts), each
 * companion the same wait. `wait` may depend on the body.
 */
export function quoteReply(
  opts: { wait?: number | ((body: WireOrderInput) => number); low?: number | null; high?: number | null; version?: number } = {},
) {
  return (call: { body?: unknown }) => {
    const body = call.body as WireOrderInput;
    const now = Date.now();
    const wait = typeof opts.wait === 'function' ? opts.wait(body) : (opts.wait ?? 20);
    const low = opts.low === undefined ? null : opts.low;
    const high = opts.high === undefined ? null : opts.high;
    const eta = body.eta_minutes ?? null;
    const at = eta === null ? null : now + eta * 60_000;
    const leave = eta ? leaveBy(now, low, eta) : null;
    const quote: WireQuote = {
      pob_id: body.pob_id,
      priority: 0,
      queue: wait,
      queue_low: low,
      queue_high: high,
      ahead: 1,
      expected_at: at === null ? null : new Date(at).toISOString(),
      leave_by: leave === null ? null : new Date(leave).toISOString(),
      barber_id: body.barber_id ?? null,
      price: 2500,
      duration: 30,
      party: [body, ...(body.companions ?? [])].map((_, person) => ({ person, queue: wait, queue_low: low, queue_high: high })),
      party_done: null,
      party_done_low: null,
      party_done_high: null,
      queue_version: opts.version ?? 1,
      quoted_at: new Date(now).toISOString(),
    };
    return { body: quote };
  };
}
