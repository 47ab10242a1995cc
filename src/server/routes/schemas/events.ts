/** The event streams and their tickets (routes/events.ts). */
import { devQuery, int, obj, params, str, type JsonSchema } from './common.ts';

const stream = (what: string, event: string): JsonSchema => ({
  description:
    `text/event-stream: \`event: ${event}\`, \`id: <queue_version>\`, \`data:\` ${what}; ` +
    `\`: ping\` comments as heartbeats. The first event is the current state (also on a resume with Last-Event-ID). ` +
    `429 beyond STREAMS_PER_ADDRESS streams of one address.`,
  type: 'string',
});

const ticketQuery: JsonSchema = {
  type: 'object',
  properties: {
    ticket: {
      type: 'string',
      maxLength: 2048,
      description: 'a ticket from the matching POST …/events/ticket/ (valid 60 s; one per connection)',
    },
  },
};

const ticketAnswer: JsonSchema = obj({ ticket: str, expires_in: int });

export const pobEventsSchema = {
  summary: "One shop's public queue as it changes",
  params: params('id'),
  querystring: devQuery,
  response: { 200: stream('the same JSON as GET /pobs/{id}/', 'pob') },
};

export const orderTicketSchema = {
  summary: "A ticket for the order's event stream (the customer's bearer token)",
  params: params('id', 'orderId'),
  response: { 200: ticketAnswer },
};

export const orderEventsSchema = {
  summary: "The customer's order as it changes (opened with a ticket: EventSource sends no bearer)",
  description: "401 without a valid, unexpired ticket; 403 with another customer's or another order's ticket",
  params: params('id', 'orderId'),
  querystring: ticketQuery,
  response: { 200: stream('the same JSON as GET /customers/{id}/orders/{orderId}/', 'order') },
};

export const queueTicketSchema = {
  summary: "A ticket for the shop's operator event stream (the shop's operator key as the bearer)",
  params: params('id'),
  response: { 200: ticketAnswer },
};

export const chainTicketSchema = {
  summary: "A ticket for the chain owner's stream of every shop (an owner's paired key as the bearer; 403 for a shop's)",
  response: { 200: ticketAnswer },
};

export const chainEventsSchema = {
  summary: 'Every shop of the chain as it changes, for the chain owner (opened with a ticket)',
  description: "401 without a valid, unexpired ticket or once the owner's browser is revoked; 403 with another kind of ticket",
  querystring: ticketQuery,
  response: {
    200: {
      description:
        'text/event-stream. First `event: chain`, `id: <version>`, `data:` the same JSON as GET /operator/chain/ (every shop); ' +
        'then, as shops change, `event: chain-rows`, `id: <version>`, `data:` ' +
        '`{"from": <version>, "version": <version>, "pobs": [rows as in GET /operator/chain/], "removed": [shop ids]}` ' +
        '(WireChainRows): the rows changed since version `from` (their content, or their crowded flag), whole, and the shops gone. ' +
        'A client merges the rows by id; one whose version is not `from` missed a frame and reopens the stream. The version ' +
        "is the serving process's own (a new stream starts from the whole chain again). `: ping` comments as heartbeats. " +
        '429 beyond STREAMS_PER_ADDRESS streams of one address.',
      type: 'string',
    },
  },
};

export const queueEventsSchema = {
  summary: "The shop's floor as it changes, for the console (opened with a ticket)",
  description: "401 without a valid, unexpired ticket; 403 with another shop's ticket",
  params: params('id'),
  querystring: ticketQuery,
  response: { 200: stream('the same JSON as GET /operator/pobs/{id}/queue/', 'queue') },
};
