/**
 * A stored phone number (E.164, "+358405551234") as people write it in the served countries ("+358 40 555 1234"):
 * the country code, then the national number in its usual groups. A number of another country, or one that does
 * not look like E.164, is shown as stored.
 */

/** Group sizes of the national number by dial code and its length; the last group takes what is left. */
const GROUPS: Record<string, Record<number, number[]>> = {
  '+358': { 7: [2, 5], 8: [2, 3, 3], 9: [2, 3, 4], 10: [3, 3, 4] },
  '+372': { 7: [3, 4], 8: [4, 4] },
  '+47': { 8: [3, 2, 3] },
  '+45': { 8: [2, 2, 2, 2] },
  '+46': { 7: [2, 3, 2], 8: [2, 3, 3], 9: [2, 3, 2, 2] },
};

export function formatPhone(phone: string | null | undefined): string {
  const raw = (phone ?? '').trim();
  if (!/^\+\d{8,15}$/.test(raw)) return raw;
  for (const [code, byLength] of Object.entries(GROUPS)) {
    if (!raw.startsWith(code)) continue;
    const national = raw.slice(code.length);
    const sizes = byLength[national.length];
    if (!sizes) return raw;
    const parts: string[] = [];
    let at = 0;
    for (const size of sizes) {
      parts.push(national.slice(at, at + size));
      at += size;
    }
    return [code, ...parts].join(' ');
  }
  return raw;
}
