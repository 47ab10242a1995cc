/**
 * How each setting of config.ts is read from its environment variable: the limits, the proxy hops, flags, the JSON
 * settings, the language list, the FCM push settings. Each refuses a value it cannot use, so the server never starts
 * half-configured; the providers (notify/) take the values read here and never read the environment themselves.
 */
import { isIP } from 'node:net';
import { parseDevRenames, type DevRenames } from '../shared/dev-renames.ts';
import { ALLOWED_LANGUAGES, appLanguage, type Language } from '../shared/locales.ts';

export interface Limits {
  /** Logins per phone and client address together in 15 minutes (LOGIN_LIMIT_PHONE_ADDRESS). */
  loginPhoneAddress: number;
  /** Logins per phone from anywhere in an hour (LOGIN_LIMIT_PHONE): the ceiling strangers cannot lower below. */
  loginPhone: number;
  /** Logins in 15 minutes from a device that logged in on the phone before (LOGIN_LIMIT_DEVICE, its device cookie). */
  loginDevice: number;
  /** SMS of every kind to one phone in 24 hours (SMS_LIMIT_PHONE). */
  smsPhone: number;
  /** Joins per customer in an hour (JOIN_LIMIT_CUSTOMER). */
  joinsCustomer: number;
  /** A turn SMS that falls due earlier waits until the order is this old (TURN_SMS_MIN_AGE_S, seconds). */
  turnSmsMinAgeMs: number;
  /** Pairing tries (right or wrong codes) from one address in 15 minutes (PAIRING_LIMIT_ADDRESS). */
  pairingAddress: number;
  /** SMS codes (recovery, phone proof, phone change) to one number in an hour (CODE_LIMIT_PHONE). */
  codePhone: number;
  /** SMS codes asked from one client address in an hour, across numbers (CODE_LIMIT_ADDRESS). */
  codeAddress: number;
  /** Codes typed back from one client address in 15 minutes, across numbers (CODE_TRY_LIMIT_ADDRESS). */
  codeTryAddress: number;
}

export function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number ≥ 0, got ${raw}`);
  return n;
}

export const limitsFrom = (env: NodeJS.ProcessEnv): Limits => ({
  loginPhoneAddress: count(env, 'LOGIN_LIMIT_PHONE_ADDRESS', 10),
  loginPhone: count(env, 'LOGIN_LIMIT_PHONE', 50),
  loginDevice: count(env, 'LOGIN_LIMIT_DEVICE', 10),
  smsPhone: count(env, 'SMS_LIMIT_PHONE', 10),
  joinsCustomer: count(env, 'JOIN_LIMIT_CUSTOMER', 6),
  turnSmsMinAgeMs: count(env, 'TURN_SMS_MIN_AGE_S', 120) * 1000,
  pairingAddress: count(env, 'PAIRING_LIMIT_ADDRESS', 10),
  codePhone: count(env, 'CODE_LIMIT_PHONE', 3),
  codeAddress: count(env, 'CODE_LIMIT_ADDRESS', 10),
  codeTryAddress: count(env, 'CODE_TRY_LIMIT_ADDRESS', 30),
});

export interface Nearby {
  /** How far (metres) another shop may be from the customer, or from this shop when his position is unknown (NEARBY_RADIUS_M). */
  radiusMeters: number;
  /** How many minutes sooner in the chair, trip counted, the other shop must be (NEARBY_GAIN_MINUTES). */
  gainMinutes: number;
  /** How long (seconds) the condition must hold before the offer shows (NEARBY_HOLD_SECONDS). */
  holdSeconds: number;
  /** A shown offer stays until the gain falls this many minutes below the threshold (NEARBY_MARGIN_MINUTES). */
  marginMinutes: number;
}

export const nearbyFrom = (env: NodeJS.ProcessEnv): Nearby => ({
  radiusMeters: count(env, 'NEARBY_RADIUS_M', 5000),
  gainMinutes: count(env, 'NEARBY_GAIN_MINUTES', 15),
  holdSeconds: count(env, 'NEARBY_HOLD_SECONDS', 30),
  marginMinutes: count(env, 'NEARBY_MARGIN_MINUTES', 5),
});

export interface Party {
  /** People in one order at most, the customer included (PARTY_MAX). */
  max: number;
  /** How many times an order may step out (STEP_OUTS_PER_ORDER). */
  stepOutsPerOrder: number;
  /** Past the time he said he would be back plus this, the shop may mark a stepped-out order a no-show (STEP_OUT_GRACE_MINUTES). */
  graceMinutes: number;
  /** How long the desk may undo a whole party's check-in or no-show (DESK_UNDO_SECONDS). */
  deskUndoSeconds: number;
}

/** The minutes a checked-in customer may step out for: fixed choices, served in config.json. */
export const STEP_OUT_MINUTES: readonly number[] = [10, 20, 30];

export function partyFrom(env: NodeJS.ProcessEnv): Party {
  const max = count(env, 'PARTY_MAX', 5);
  if (max < 1) throw new Error(`PARTY_MAX must be at least 1 (the customer alone), got ${max}`);
  return {
    max,
    stepOutsPerOrder: count(env, 'STEP_OUTS_PER_ORDER', 1),
    graceMinutes: count(env, 'STEP_OUT_GRACE_MINUTES', 10),
    deskUndoSeconds: count(env, 'DESK_UNDO_SECONDS', 120),
  };
}

/**
 * The turn held for a customer on his way (docs/decisions.md, "A turn held for one on his way"): a barber free with
 * nobody ahead present keeps the turn of one due within HOLD_FOR_ARRIVING_MINUTES (0: no turn is held), or of his
 * own customer (one who chose him) due within HOLD_FOR_CHOSEN_MINUTES when that is longer, serving someone behind him
 * meanwhile only if that ends by his arrival plus HOLD_GRACE_MINUTES, and no later than that past the arrival he gave.
 */
export function holdFrom(env: NodeJS.ProcessEnv): HoldSetting {
  return {
    ahead: count(env, 'HOLD_FOR_ARRIVING_MINUTES', HOLD_DEFAULT.ahead),
    grace: count(env, 'HOLD_GRACE_MINUTES', HOLD_DEFAULT.grace),
    chosen: count(env, 'HOLD_FOR_CHOSEN_MINUTES', HOLD_DEFAULT.chosen),
  };
}

/** The held turn's setting, minutes: the engine's HoldRule (queue/engine/types.ts) by shape. */
export interface HoldSetting {
  ahead: number;
  grace: number;
  /** The reach for a customer who chose the barber (HOLD_FOR_CHOSEN_MINUTES), when longer than `ahead`. */
  chosen: number;
}

/** Off by default; the engine's DEFAULT_HOLD is the same rule (test/unit/server/config.test.ts checks they agree). */
const HOLD_DEFAULT: HoldSetting = { ahead: 0, grace: 5, chosen: 0 };

export type TrustProxy = false | number | string[];

// The names proxy-addr (Fastify's trustProxy) knows for address ranges.
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: unset or off, a hop count (1 = one proxy in front), or a comma-separated list of proxy addresses. */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || ['0', 'false', 'no', 'off'].includes(v.toLowerCase())) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = list.find((x) => {
    const [ip, bits, ...rest] = x.split('/');
    if (PROXY_RANGES.includes(x)) return false;
    const family = isIP(ip);
    return !family || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
  });
  if (bad !== undefined || !list.length) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops or a list of proxy addresses (IP or CIDR, loopback, linklocal, uniquelocal), ` +
        `got ${value}: trusting every hop would let a client choose its own address`,
    );
  }
  return list;
}

export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

export function json(value: string | undefined): Record<string, string> | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as Record<string, string>;
  } catch {
    throw new Error('FIREBASE_CONFIG is not valid JSON');
  }
}

export function devRenames(value: string | undefined): DevRenames {
  if (!value) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw new Error('DEV_RENAMES is not valid JSON');
  }
  return parseDevRenames(raw);
}

/** A comma-separated list in either spelling ("fi,et,en,sv" or "fi,ee,en,sv"); unknown codes refuse to start. */
export function allowedLanguages(value: string | undefined): Language[] {
  if (!value?.trim()) return [...ALLOWED_LANGUAGES];
  const out: Language[] = [];
  for (const code of value
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)) {
    const lang = appLanguage(code.toLowerCase());
    if (!lang) throw new Error(`ALLOWED_LANGUAGES: unknown language ${JSON.stringify(code)} (fi, en, ee/et, no/nb, sv, dk/da, de)`);
    if (!out.includes(lang)) out.push(lang);
  }
  return out;
}

/** A Google service account, as FCM_SERVICE_ACCOUNT gives it (notify/push.ts signs with its key). */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
  project_id?: string;
  private_key_id?: string;
}

export interface FcmConfig {
  endpoint: string;
  projectId: string;
  serviceAccount: ServiceAccount | null;
  accessToken: string | null;
}

/** The FCM settings from the environment; null (push off) without a project or credentials. */
export function fcmConfigFrom(
  env: NodeJS.ProcessEnv,
  readFile: (path: string) => string,
  firebase: Record<string, string> | null,
): FcmConfig | null {
  const raw = env.FCM_SERVICE_ACCOUNT?.trim();
  let serviceAccount: ServiceAccount | null = null;
  if (raw) {
    try {
      serviceAccount = JSON.parse(raw.startsWith('{') ? raw : readFile(raw)) as ServiceAccount;
    } catch (err) {
      throw new Error(`FCM_SERVICE_ACCOUNT is neither service-account JSON nor a readable JSON file: ${(err as Error).message}`);
    }
    if (!serviceAccount.client_email || !serviceAccount.private_key)
      throw new Error('FCM_SERVICE_ACCOUNT needs client_email and private_key');
  }
  const accessToken = env.FCM_ACCESS_TOKEN || null;
  const projectId = env.FCM_PROJECT_ID || serviceAccount?.project_id || firebase?.projectId || null;
  if (!projectId || (!serviceAccount && !accessToken)) return null;
  return { endpoint: env.FCM_ENDPOINT || 'https://fcm.googleapis.com', projectId, serviceAccount, accessToken };
}
