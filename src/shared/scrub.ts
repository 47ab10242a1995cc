/**
 * Removes what must never leave the phone in an error report or analytics event, nor be stored by the server:
 * tokens, e-mail addresses and phone numbers. Both sides run it: the client before
 * sending, the server again before storing, so an old or hostile client cannot store them either.
 */

const RULES: [RegExp, string][] = [
  // JWTs (access tokens) and bearer credentials of any shape.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [token]'],
  // Long opaque strings: refresh tokens, FCM tokens, operator keys (hashed file names are far shorter).
  [/[A-Za-z0-9_-]{32,}/g, '[token]'],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  // 7 to 15 digits, spaced or dashed, not part of a line:column or a file name (those follow ':', '.', '/').
  [/(?<![\w.:/-])\+?\d(?:[\s-]?\d){6,14}(?![\w])/g, '[phone]'],
];

export function scrub(text: string): string {
  return RULES.reduce((t, [re, to]) => t.replace(re, to), text);
}
