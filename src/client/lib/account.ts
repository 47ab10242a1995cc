/**
 * Pure rules of the account screens (SPEC.md §2, §5, §6, §8): where to land after login, which known
 * server texts have a translation, which bonus view a locale gets, and whether push can work here.
 */

/** SPEC.md §2 Bonus: 2.1 benefits per view with 20 px between them. */
export const BONUS_SLIDES_PER_VIEW = 2.1;
export const BONUS_SLIDE_SPACING = 20;

/** After login: /tracking when the profile has an active order, else /home. */
export function landingPath(profile: { active_order_id?: number | null } | null | undefined): '/tracking' | '/home' {
  return profile?.active_order_id ? '/tracking' : '/home';
}

/** Exact server texts (DESIGN.md §3, SPEC.md §8) → the key of their translation under `account.server`. */
const SERVER_TEXTS: Record<string, string> = {
  'Invalid phone number': 'invalidPhone',
  'Password too weak': 'passwordTooWeak',
  'Missing password parameter': 'missingPassword',
  'Missing token parameter': 'missingToken',
  'Missing phone parameter': 'missingPhone',
  'User not found': 'userNotFound',
  // The server's own texts beyond the spec's list (src/server/auth), so a Finnish screen shows Finnish.
  'Invalid or expired code': 'invalidCode',
  'An account with this phone number already exists': 'phoneTaken',
  'Current password is incorrect': 'wrongOldPassword',
  'Invalid email address': 'invalidEmail',
  'Password too long': 'passwordTooLong',
};

/** Translation key of a known server text, or null when the text should be shown as the server sent it. */
export function serverTextKey(message: string | null | undefined): string | null {
  const key = message ? SERVER_TEXTS[message.trim()] : undefined;
  return key ? `account.server.${key}` : null;
}

/** SPEC.md §4: a recovery error meaning the phone is missing or wrong goes back to step 1. */
export function isPhoneError(message: string | null | undefined, field?: string | null): boolean {
  const m = (message ?? '').trim();
  return field === 'phone' || m === 'Missing phone parameter' || m === 'Invalid phone number';
}

export type BonusMode = 'bonus' | 'teaser' | 'none';

/** Bonus locales show the counter and benefits, teaser locales the e-mail teaser, others go home. */
export function bonusMode(locale: string, cfg: { bonusLocales: readonly string[]; teaserLocales: readonly string[] }): BonusMode {
  if (cfg.bonusLocales.includes(locale)) return 'bonus';
  if (cfg.teaserLocales.includes(locale)) return 'teaser';
  return 'none';
}

/**
 * SPEC.md §6: push works only on Android with Chrome. Other Chromium browsers on Android (Samsung,
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
