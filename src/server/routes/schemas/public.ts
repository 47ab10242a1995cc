/** Schemas of the public reads: config.json, locate, the SMS outbox of development, shops and barbers. */
import { arrayOf, bool, devQuery, int, iso, nullable, num, obj, params, str, type JsonSchema } from './common.ts';

const strings = arrayOf(str);

export const configSchema = {
  summary: 'Runtime configuration of the client',
  response: {
    200: obj({
      apiBases: { type: 'object', additionalProperties: str, description: 'locale → API base URL' },
      mapsKey: nullable(str),
      // FIREBASE_CONFIG is passed through as the deployment wrote it.
      firebase: { type: ['object', 'null'], additionalProperties: true },
      vapidKey: nullable(str),
      allowedLanguages: strings,
      bonusLocales: strings,
      teaserLocales: strings,
      development: bool,
      clientEventsPerMinute: int,
      devRenames: {
        type: 'object',
        additionalProperties: { type: 'object', properties: { name: str, city: str, address: str }, additionalProperties: false },
        description: 'shop id → name, city, address (DEV_RENAMES); the client applies it in development mode only',
      },
      nearby: {
        ...obj({ radiusMeters: int, gainMinutes: int, holdSeconds: int, marginMinutes: int }),
        description: "when the app offers the chain's other shop with a shorter queue (NEARBY_* settings)",
      },
      partyMax: { ...int, description: 'people in one order at most, the customer included (PARTY_MAX)' },
      stepOutMinutes: { ...arrayOf(int), description: 'the minutes a checked-in customer may step out for' },
      stepOutsPerOrder: { ...int, description: 'how many times one order may step out (STEP_OUTS_PER_ORDER)' },
    }),
  },
};

export const locateSchema = {
  summary: 'Country of the caller, for locale detection',
  response: { 200: obj({ country: nullable(str) }) },
};

export const outboxSchema = {
  summary: 'SMS kept by the log provider, newest first (development only; 404 elsewhere)',
  querystring: { type: 'object', properties: { to: { type: 'string', description: 'only the SMS to this phone number' } } },
  response: { 200: arrayOf(obj({ to: str, text: str, at: iso })) },
};

const location = obj({ latitude: num, longitude: num });

const pobProperties: Record<string, JsonSchema> = {
  id: int,
  name: str,
  city: str,
  address: str,
  country: str,
  open: bool,
  open_times: arrayOf(obj({ weekday: int, open: str, close: str })),
  closing_soon: bool,
  location,
  service_time_estimates: arrayOf(
    obj({ priority: int, wait_time: nullable(num), wait_low: nullable(num), wait_high: nullable(num) }, ['wait_low', 'wait_high']),
  ),
  queue_state: { type: 'string', enum: ['open', 'closed', 'full'] },
  queue_info: obj({ queue_employees: num, queue_length: num }),
  chair_count: num,
  is_test: bool,
};

/** What a service and an extra both carry, in the order they are written after their ids. */
const menuItem = { title: str, order: num, description: str, long_description: str, price: num, duration: num };
const catalogueKey = {
  ...nullable(str),
  description: "the chain's key for the same service or extra at every shop that offers it (null: none given)",
};
const extraService = obj({ id: int, service_id: int, ...menuItem, catalogue_key: catalogueKey });

const detailProperties: Record<string, JsonSchema> = {
  ...pobProperties,
  image: { type: ['string', 'boolean'], description: 'image URL, or false' },
  floor: nullable(str),
  notices: strings,
  service_groups: arrayOf(obj({ id: int, title: str, order: num, description: str, parent_id: nullable(int) })),
  services: arrayOf(obj({ id: int, group_id: int, ...menuItem, multiple: bool, catalogue_key: catalogueKey })),
  extra_services: { type: 'object', additionalProperties: arrayOf(extraService), description: 'keyed by service id' },
  shortest_queue: nullable(num),
  queues: arrayOf(
    obj(
      {
        barber: obj({ id: int, name: str, image: nullable(str) }),
        wait_time: nullable(num),
        wait_low: nullable(num),
        wait_high: nullable(num),
        queue_open: bool,
        waits: {
          ...arrayOf(obj({ priority: int, wait_time: nullable(num), wait_low: nullable(num), wait_high: nullable(num) })),
          description: 'the same wait for a new customer of each priority 0..3 who picks this barber (optional)',
        },
      },
      ['wait_low', 'wait_high', 'waits'],
    ),
  ),
};

/**
 * The serializer writes required properties before optional ones, and is_test sits mid-object in the detail:
 * one branch with it, one without, so both keep the wire order.
 */
const { is_test: _isTest, ...withoutTest } = detailProperties;
// if/then/else is JSON Schema's conditional; this object is a schema for Ajv, never awaited.
// biome-ignore lint/suspicious/noThenProperty: see above
const pobDetail: JsonSchema = { if: { type: 'object', required: ['is_test'] }, then: obj(detailProperties), else: obj(withoutTest) };

export const pobListSchema = {
  summary: "The locale's shops with their live queue",
  querystring: devQuery,
  response: { 200: arrayOf(obj(pobProperties, ['is_test'])) },
};

export const pobSchema = {
  summary: 'One shop with its menu and queues',
  params: params('id'),
  querystring: devQuery,
  response: { 200: pobDetail },
};

const activePob = nullable(obj({ id: int, name: str, address: str, city: str }));

const employee = obj({
  id: int,
  firstname: str,
  lastname: str,
  full_name: str,
  image: nullable(str),
  has_image: bool,
  avatar: nullable(str),
  avatar_active: bool,
  has_avatar: bool,
  description: str,
  status: { type: 'string', enum: ['active', 'inactive'] },
  shifts: arrayOf(obj({ id: int, date: str, start: iso, end: iso, pob_id: int, pob_name: str })),
  barbershop: activePob,
  pob_id: nullable(int),
  active_pob: activePob,
});

export const employeeListSchema = {
  summary: "The locale's barbers with their week of shifts",
  querystring: devQuery,
  response: { 200: arrayOf(employee) },
};

export const employeeSchema = {
  summary: 'One barber',
  params: params('id'),
  querystring: devQuery,
  response: { 200: employee },
};

export const smsStopSchema = {
  summary: 'Stops turn-alert SMS to the number the signed link names (the link every alert SMS carries); codes still go out',
  params: {
    type: 'object',
    properties: { token: { type: 'string', maxLength: 64, description: 'the number digits and their signature' } },
    required: ['token'],
  },
  querystring: { type: 'object', properties: { lang: { type: 'string', maxLength: 8, description: 'language of the answer text' } } },
  response: { 200: obj({ ok: bool, message: str }) },
};
