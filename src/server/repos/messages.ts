/**
 * Messages to customers: per locale (FI, EE …), with a title and HTML text per language, and a read flag per
 * customer. The HTML is sanitized here, on write, so no stored message can carry script to a reader.
 */
import sanitizeHtml from 'sanitize-html';
import type { Queryable } from '../db/db.ts';
import type { WireMessage } from '../../shared/wire-account.ts';

// Basic formatting and links only: no images, styles, forms, frames, scripts or event attributes.
const HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote', 'span'],
  // target and rel are listed because the transform below sets them; it overwrites whatever the author wrote.
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links open outside the app and give the target page no handle on it.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

export const sanitizeMessageHtml = (html: string): string => sanitizeHtml(html, HTML);
/** Titles are plain text: every tag is removed (the client renders them as text as well). */
export const sanitizeTitle = (title: string): string => sanitizeHtml(title, { allowedTags: [], allowedAttributes: {} }).trim();

export interface NewMessage {
  /** null: a message to every customer of the locale. */
  customerId: number | null;
  locale: string;
  createdAt: number;
  texts: { language: string; title: string; content: string }[];
}

export async function insertMessage(q: Queryable, m: NewMessage): Promise<number> {
  if (!m.texts.length) throw new Error('A message needs at least one text');
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO messages (customer_id, locale, created_at) VALUES ($1, $2, $3) RETURNING id',
    [m.customerId, m.locale, new Date(m.createdAt).toISOString()],
  );
  const id = rows[0].id;
  for (const t of m.texts) {
    await q.query('INSERT INTO message_texts (message_id, language, title, content) VALUES ($1, $2, $3, $4)', [
      id,
      t.language,
      sanitizeTitle(t.title),
      sanitizeMessageHtml(t.content),
    ]);
  }
  return id;
}

interface Row {
  id: number;
  locale: string;
  language: string;
  title: string;
  content: string;
  created_at: number;
  read: boolean;
}

// The text in the wanted language, else the locale's language, else any (alphabetically, for stability).
const SELECT = `
  SELECT m.id, m.locale, t.language, t.title, t.content, (extract(epoch FROM m.created_at) * 1000)::bigint AS created_at,
         (r.message_id IS NOT NULL) AS read
    FROM messages m
    JOIN LATERAL (
      SELECT language, title, content FROM message_texts WHERE message_id = m.id
       ORDER BY (language = $2) DESC, (language = $3) DESC, language LIMIT 1
    ) t ON true
    LEFT JOIN message_reads r ON r.message_id = m.id AND r.customer_id = $1
   WHERE (m.customer_id = $1 OR m.customer_id IS NULL)`;

/** The same instant one calendar month earlier, clamped to the month's end (31 Mar → 28/29 Feb), as the client counts. */
export function oneMonthBefore(now: number): number {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - 1;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

function wire(r: Row, now: number): WireMessage & { language: string; unread: boolean } {
  const created = Number(r.created_at);
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    date: new Date(created).toISOString(),
    locale: r.locale,
    language: r.language,
    read: r.read,
    // Unread = not read and less than a month old.
    unread: !r.read && created > oneMonthBefore(now),
  };
}

export interface Reader {
  customerId: number;
  /** Wanted language, and the locale's own language as the fallback. */
  language: string;
  localeLanguage: string;
  now: number;
}

/** The customer's messages of one locale, newest first (the latest 100). */
export async function listMessages(q: Queryable, locale: string, who: Reader) {
  const { rows } = await q.query<Row>(`${SELECT} AND m.locale = $4 ORDER BY m.created_at DESC, m.id DESC LIMIT 100`, [
    who.customerId,
    who.language,
    who.localeLanguage,
    locale,
  ]);
  return rows.map((r) => wire(r, who.now));
}

/** One message the customer may see (their own or everyone's), or null. */
export async function messageFor(q: Queryable, messageId: number, who: Reader) {
  const { rows } = await q.query<Row>(`${SELECT} AND m.id = $4`, [who.customerId, who.language, who.localeLanguage, messageId]);
  return rows[0] ? wire(rows[0], who.now) : null;
}

export async function setRead(q: Queryable, messageId: number, customerId: number, read: boolean, now: number): Promise<void> {
  if (read) {
    await q.query('INSERT INTO message_reads (message_id, customer_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      messageId,
      customerId,
      new Date(now).toISOString(),
    ]);
  } else {
    await q.query('DELETE FROM message_reads WHERE message_id = $1 AND customer_id = $2', [messageId, customerId]);
  }
}
