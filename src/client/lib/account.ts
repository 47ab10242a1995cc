/**
 * Pure rules of the account screens: where to land after login, which known
 * server texts have a translation, which bonus view a locale gets, and whether push can work here.
 */
import { WIRE_ERRORS, type WireErrorKey } from '../../shared/wire-errors.ts';

/** 2.1 benefits per view with 20 px between them. */
export const BONUS_SLIDES_PER_VIEW = 2.1;
export const BONUS_SLIDE_SPACING = 20;

/** After login: /tracking when the profile has an active order, else /home. */
export function landingPath(profile: { active_order_id?: number | null } | null | undefined): '/tracking' | '/home' {
  return profile?.active_order_id ? '/tracking' : '/home';
}

/** Every text of the wire contract (src/shared/wire-errors.ts) has a translation under `account.server`, named by the same key. */
const TRANSLATED = Object.keys(WIRE_ERRORS) as WireErrorKey[];
const SERVER_TEXTS = new Map<string, WireErrorKey>(TRANSLATED.map((key) => [WIRE_ERRORS[key], key]));

/** Translation key of a known server text, or null when the text should be shown as the server sent it. */
export function serverTextKey(message: string | null | undefined): string | null {
  const key = message ? SERVER_TEXTS.get(message.trim()) : undefined;
  return key ? `account.server.${key}` : null;
}

/** A recovery error meaning the phone is missing or wrong goes back to step 1. */
export function isPhoneError(message: string | null | undefined, field?: string | null): boolean {
  const m = (message ?? '').trim();
  return field === 'phone' || m === WIRE_ERRORS.missingPhone || m === WIRE_ERRORS.invalidPhone;
}

export type BonusMode = 'bonus' | 'teaser' | 'none';

/** Bonus locales show the counter and benefits, teaser locales the e-mail teaser, others go home. */
export function bonusMode(locale: string, cfg: { bonusLocales: readonly string[]; teaserLocales: readonly string[] }): BonusMode {
  if (cfg.bonusLocales.includes(locale)) return 'bonus';
  if (cfg.teaserLocales.includes(locale)) return 'teaser';
  return 'none';
}

/**
 * Push works only on Android with Chrome. Other Chromium browsers on Android (Samsung,
 * Edge, Opera, in-app web views) also say "Chrome" in their user agent, so they are ruled out by name.
 */
export function isAndroidChrome(userAgent: string): boolean {
  if (!/Android/i.test(userAgent) || !/Chrome\/\d+/.test(userAgent)) return false;
  return !/SamsungBrowser|EdgA|OPR\/|OPiOS|UCBrowser|YaBrowser|Firefox|; wv\)|Version\/\d/.test(userAgent);
}

/** Membership end date 'YYYY-MM-DD' → ISO noon UTC, so formatting in any zone keeps the same day. */
export function dateOnlyToIso(date: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}T12:00:00Z` : (date ?? null);
}
