/** A barber without a photo (or whose photo fails to load) gets an initials image, drawn as an inline SVG. */

/** Dark-theme backgrounds that keep white initials readable; one per name, so a barber keeps a colour. */
const BACKGROUNDS = ['#3a4a5c', '#4a3a5c', '#5c3a45', '#3a5c4a', '#5c4f3a', '#3a575c'] as const;

/** Up to two letters: the first of the first name and the first of the last name, upper-cased. */
export function initials(first: string, last: string): string {
  const a = [...first.trim()][0] ?? '';
  const b = [...last.trim()][0] ?? '';
  return (a + b).toLocaleUpperCase() || '?';
}

function hash(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return h;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A square data: URL, so the fallback costs no request and works offline. */
export function initialsImage(first: string, last: string): string {
  const text = escapeXml(initials(first, last));
  const bg = BACKGROUNDS[hash(`${first} ${last}`) % BACKGROUNDS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${bg}"/>` +
    `<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="40" font-weight="600" fill="#f2f2f2">${text}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
