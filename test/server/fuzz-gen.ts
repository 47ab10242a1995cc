/**
 * Request generators of the fuzz test (fuzz.test.ts): a seeded random source, and paths, queries and bodies
 * built from an OpenAPI operation, valid-ish most of the time and broken in many small ways otherwise.
 */
import { rng as seededRng } from '../../src/server/demo/random.ts';
import type { Session } from './accounts-helpers.ts';

export interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema & { description?: string }>;
  anyOf?: Schema[];
  description?: string;
}

export interface Ctx {
  sessions: Session[];
  /** The customer this request acts as (its id in the path, its token in the header, most of the time). */
  me: Session;
  operatorKeys: string[];
  phones: string[];
  password: string;
}

export interface Rng {
  next(): number;
  int(n: number): number;
  chance(p: number): boolean;
  pick<T>(xs: readonly T[]): T;
  /** Random text of `len` characters, now and then with control characters and lone surrogates. */
  text(len: number): string;
}

/** The seed's mulberry32 (src/server/demo/random.ts): the same sequence for the same seed on every machine. */
export function mulberry32(seed: number): Rng {
  const { next, chance, pick } = seededRng(seed);
  const int = (n: number) => Math.floor(next() * n);
  const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=% äöåÅÖ€😀';
  return {
    next,
    int,
    chance,
    pick,
    text(len) {
      let s = '';
      for (let i = 0; i < len; i++) s += next() < 0.04 ? WEIRD[int(WEIRD.length)] : ALPHABET[int(ALPHABET.length)];
      return s;
    },
  };
}

/** Characters that break naive text handling: controls (NUL above all), a lone surrogate, quotes, a BOM. */
const WEIRD = ['\u0000', '\u0007', '\n', '\t', '\u007f', '\u009b', '\ud800', '\u2028', '"', "'", '\\', '<', '{', '$', '\ufeff'];

const BROKEN = (rng: Rng): unknown =>
  rng.pick<() => unknown>([
    () => null,
    () => '',
    () => 0,
    () => -1,
    () => 1.5,
    () => 2 ** 53 + 2,
    () => 1e308,
    () => true,
    () => false,
    () => [],
    () => ({}),
    () => [[[[[]]]]],
    () => ({ $ne: 1 }),
    () => 'x'.repeat(5000),
    () => rng.text(rng.int(40)),
    () => '\u0000',
    () => '12\u00003456',
    () => "' OR 1=1 --",
    () => '<script>alert(1)</script>',
    () => Array.from({ length: 200 }, (_, i) => i),
    () => '2147483648',
    () => '00001',
  ])();

const SEGMENTS_BROKEN = [
  '0',
  '-1',
  'abc',
  '99999999999',
  '2147483648',
  '1e3',
  '%2e%2e',
  '1'.repeat(120),
  '%E0%A4%A',
  '%00',
  '1%00',
  '01',
  ' 1',
  '%F0%9F%98%80',
];

/** The operation's path with its parameters filled: mostly ids that exist (the caller's own), sometimes not. */
export function pathFor(rng: Rng, ctx: Ctx, path: string, _op: Operation): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (rng.chance(0.1)) return rng.pick(SEGMENTS_BROKEN);
    if (name === 'locale') return rng.chance(0.85) ? 'fi' : rng.pick(['se', 'ee', 'no', 'dk', 'xx', 'FI', 'api']);
    if (name === 'id' && path.includes('/customers/')) return String(rng.chance(0.85) ? ctx.me.id : 1 + rng.int(50));
    if (name === 'id' && path.includes('/operator/pobs/')) return String(rng.chance(0.8) ? 1 + rng.int(2) : 1 + rng.int(30));
    if (name === 'id' && path.includes('/operator/orders/')) return String(1 + rng.int(300));
    if (name === 'orderId') return String(1 + rng.int(300));
    return String(1 + rng.int(40));
  });
}

/** encodeURIComponent that also writes a lone surrogate (as the bytes a broken client would send). */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
};

/** A query string for the operation's query parameters, with strays and repeats now and then. */
export function queryFor(rng: Rng, op: Operation): string {
  const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  if (rng.chance(0.15)) names.push(rng.pick(['x', 'token', 'dev', 'lang', '__proto__', rng.text(5)]));
  const pairs: string[] = [];
  for (const name of names) {
    if (rng.chance(0.4)) continue;
    const value = rng.pick(['1', 'true', 'fi', 'en', 'sv', '+358401000001', '', rng.text(rng.int(30)), 'x'.repeat(3000)]);
    pairs.push(`${encode(name)}=${encode(value)}`);
    if (rng.chance(0.1)) pairs.push(`${encode(name)}=2`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function item(rng: Rng): unknown {
  if (rng.chance(0.2)) return 1 + rng.int(80);
  return {
    amount: rng.chance(0.9) ? 1 : BROKEN(rng),
    service_id: rng.chance(0.9) ? 1 + rng.int(80) : BROKEN(rng),
    service_info: { title: rng.text(10), price: rng.int(100) },
    extra_services: rng.chance(0.7)
      ? []
      : Array.from({ length: rng.int(4) }, () => (rng.chance(0.5) ? 1 + rng.int(120) : { amount: 1, service_id: 1 + rng.int(120) })),
  };
}

/** A plausible value for a body field of this name. */
function valid(rng: Rng, ctx: Ctx, name: string): unknown {
  switch (name) {
    case 'phone':
      return rng.pick([...ctx.phones, '040 123 4567', '+46701234567', `+35850${rng.int(9_999_999)}`]);
    case 'countryCode':
      return rng.pick(['FI', '+358', 'SE', 'EE', 'zz']);
    case 'password':
    case 'old_password':
    case 'new_password':
      return rng.pick([ctx.password, 'Kahvi-Kuppi42', 'Wrong-Pass-1', 'abc', 'x'.repeat(300)]);
    case 'firstname':
    case 'lastname':
    case 'name':
    case 'city':
      return rng.pick(['Matti', 'Émilie', 'Ødegård', rng.text(8), `Ma${rng.pick(WEIRD)}tti`]);
    case 'email':
      return rng.pick(['someone@example.fi', 'a@b', 'not-an-email', `${rng.text(5)}@example.com`, `some${rng.pick(WEIRD)}one@example.fi`]);
    case 'terms_accepted':
    case 'allow_email':
      return rng.chance(0.9);
    case 'token':
      return rng.pick([String(rng.int(1_000_000)).padStart(6, '0'), rng.int(1_000_000), '']);
    case 'refresh':
      return rng.pick([...ctx.sessions.map((s) => s.refresh), rng.text(40)]);
    case 'language':
      return rng.pick(['fi', 'en', 'sv', 'nb', 'no', 'da', 'dk', 'et', 'ee', 'de', 'xx']);
    case 'app_language':
      return rng.pick(['fi_FI', 'en_GB', 'xx', 'fi-FI']);
    case 'fcm_token':
      return rng.chance(0.3) ? null : rng.text(1 + rng.int(100));
    case 'pob_id':
      return rng.chance(0.7) ? rng.pick([1, 2, 2, '2', 11]) : 1 + rng.int(30);
    case 'barber_id':
      return rng.chance(0.5) ? null : 1 + rng.int(70);
    case 'items':
    case 'services':
      return Array.from({ length: 1 + rng.int(3) }, () => item(rng));
    case 'priority':
      return rng.int(5);
    default:
      return rng.pick([true, false, 1, 'x']);
  }
}

/** A body for the operation: an object from its schema (mostly valid fields), or now and then something else. */
export function bodyFor(rng: Rng, ctx: Ctx, op: Operation): unknown {
  const r = rng.next();
  if (r < 0.06)
    return rng.pick([
      '{',
      '{"a":',
      'null',
      '[]',
      '"text"',
      '42',
      'phone=1&password=2',
      '<x/>',
      '',
      '{"a":1}{"b":2}',
      `{"k":"${'\\u0000'}"}`,
    ]);
  if (r < 0.1) return BROKEN(rng);
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const props = schema?.properties ?? schema?.anyOf?.find((s) => s.properties)?.properties ?? {};
  const body: Record<string, unknown> = {};
  const names = Object.keys(props);
  if (rng.chance(0.5)) {
    // Every field plausible, then at most one of them broken: the request gets past the first check.
    for (const name of names) body[name] = valid(rng, ctx, name);
    if (names.length && rng.chance(0.5)) body[rng.pick(names)] = BROKEN(rng);
    return body;
  }
  for (const name of names) {
    const p = rng.next();
    if (p < 0.1) continue;
    body[name] = p < 0.85 ? valid(rng, ctx, name) : BROKEN(rng);
  }
  if (rng.chance(0.1)) body[rng.pick(['extra', '__proto__', 'constructor', rng.text(6)])] = BROKEN(rng);
  return body;
}
