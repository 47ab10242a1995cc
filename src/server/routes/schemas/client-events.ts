/**
 * Schema of POST /client-events/: a batch of error reports and analytics events. A new call with no
 * hand-written checks before it, so the schema refuses everything it does not describe.
 */
import { obj, type JsonSchema } from './common.ts';

// Stacks of a minified bundle run long; anything beyond these is cut by the client and refused here.
export const MAX_MESSAGE = 2_000;
export const MAX_STACK = 8_000;

const text = (maxLength: number, description: string): JsonSchema => ({ type: 'string', maxLength, description });

const event: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'name', 'at', 'route'],
  properties: {
    kind: { type: 'string', enum: ['error', 'analytics'] },
    name: {
      type: 'string',
      pattern: '^[A-Za-z][\\w.-]{0,63}$',
      description: "error: 'error', 'unhandledrejection' or 'render'; analytics: the event",
    },
    at: { type: 'integer', minimum: 0, description: 'epoch ms on the device' },
    route: { type: 'string', pattern: '^/', maxLength: 200, description: 'the path of the screen, no query string' },
    message: text(MAX_MESSAGE, 'the error message (may hold \\n and \\t)'),
    stack: text(MAX_STACK, 'the stack, or the component stack of a render error'),
    props: {
      type: 'object',
      maxProperties: 20,
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 200 },
      description: 'analytics properties',
    },
  },
  // An error report says what went wrong.
  if: { properties: { kind: { const: 'error' } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then; Ajv reads this object, nothing awaits it.
  then: { required: ['message'] },
};

/** The batch cap is the device's per-minute cap (a setting): a device within it never sends a larger batch. */
export const clientEventsSchema = (maxBatch: number) => ({
  summary: 'Report client errors and analytics events (202; off in local mode)',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['build', 'events'],
    properties: {
      build: { type: 'string', pattern: '^[\\w.-]{1,64}$', description: 'the build id of the app' },
      events: { type: 'array', minItems: 1, maxItems: maxBatch, items: event },
    },
  },
  response: { 202: obj({ stored: { type: 'integer' } }) },
});
