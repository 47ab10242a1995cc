/**
 * The texts the server sends (push and SMS), from the same locales/*.json dictionaries as the app, under the
 * `server.` keys, through rosetta. A customer's stored language picks the dictionary; a language without one
 * gets English. (Stored codes are the UI's, plus 'et' for Estonian; the other aliases are mapped in src/shared.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import rosetta from 'rosetta';
import { ALL_LANGUAGES, type Language } from '../../shared/locales.ts';

// Beside the bundle (dist-server/locales, build-server.ts), or the repository's own from the source.
const DIR = [join(import.meta.dirname, 'locales'), join(import.meta.dirname, '../../../locales')].find((d) =>
  existsSync(join(d, 'en.json')),
)!;

const i18n = rosetta<Record<string, unknown>>();
for (const lang of ALL_LANGUAGES) i18n.set(lang, JSON.parse(readFileSync(join(DIR, `${lang}.json`), 'utf8')) as Record<string, unknown>);

/** Every server text: the dictionary key and its parameters. */
export interface ServerTexts {
  'server.turn.near': { shop: string; wait: number };
  'server.turn.now': { shop: string };
  /** The turn alerts of someone checked in already: nothing asks him to check in. */
  'server.turn.nearHere': { shop: string; wait: number };
  'server.turn.nowHere': { shop: string };
  /** The turn alert of someone on his way whose trip is longer than the wait. */
  'server.turn.leave': { shop: string; wait: number; trip: number };
  'server.ended.serviced': { shop: string };
  'server.ended.noShow': { shop: string };
  /** The chosen barber ended his day early: the order now goes to anyone. */
  'server.barberLeft': { shop: string; barber: string };
  'server.sms.code': { code: string };
  /** The line every alert SMS ends with: how to stop them (notify/sms-stop.ts). */
  'server.sms.stop': { link: string };
  'server.sms.stopped': Record<string, never>;
  'server.sms.phoneCode': { code: string };
  'server.sms.proofCode': { code: string };
  'server.sms.phoneChanged': { ending: string };
}
/** The texts that are notifications: a title and a body under the key. */
export type NoticeKey = Exclude<keyof ServerTexts, `server.sms.${string}`>;
export const NOTICE_KEYS: readonly NoticeKey[] = [
  'server.turn.near',
  'server.turn.now',
  'server.turn.nearHere',
  'server.turn.nowHere',
  'server.turn.leave',
  'server.ended.serviced',
  'server.ended.noShow',
  'server.barberLeft',
];

/** The dictionary of a stored language code; English for none or one without a dictionary. */
export function textLanguage(language: string | null | undefined): Language {
  const code = language === 'et' ? 'ee' : language;
  return (ALL_LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Language) : 'en';
}

const text = (key: string, params: object, language: string | null | undefined): string => i18n.t(key, params, textLanguage(language));

/** A push or SMS notification's title and body in the customer's language. */
export function noticeText<K extends NoticeKey>(
  key: K,
  language: string | null | undefined,
  params: ServerTexts[K],
): { title: string; body: string } {
  return { title: text(`${key}.title`, params, language), body: text(`${key}.body`, params, language) };
}

/** A one-line server text in the customer's language. */
export const serverText = <K extends `server.sms.${string}` & keyof ServerTexts>(
  key: K,
  language: string | null | undefined,
  params: ServerTexts[K],
): string => text(key, params, language);

/** The recovery SMS in the customer's language. */
export const codeText = (language: string | null | undefined, code: string): string => text('server.sms.code', { code }, language);

/** The SMS to a new number with the code that confirms it (change phone). */
export const phoneCodeText = (language: string | null | undefined, code: string): string =>
  text('server.sms.phoneCode', { code }, language);

/** The SMS with the code that proves the account's own number (after registration, or later from the profile). */
export const proofCodeText = (language: string | null | undefined, code: string): string =>
  text('server.sms.proofCode', { code }, language);

/** The SMS to the old number after a change: only the new number's last digits, so a thief learns nothing new. */
export const phoneChangedText = (language: string | null | undefined, newPhone: string): string =>
  text('server.sms.phoneChanged', { ending: newPhone.slice(-3) }, language);
