/**
 * Server-sent event streams of the queue: the URLs of a shop's stream and of the
 * customer's order stream (a new ticket each time: EventSource cannot send the bearer token, and a ticket lasts
 * 60 s), and one EventSource per connection. In the chunk of the screens that follow something (state/live.ts); never part of the first route.
 */
import type { Language, Locale } from '../../shared/locales.ts';
import { catalogueQuery } from './catalog.ts';
import { apiUrl, request } from './http.ts';

/** The shop's public stream: no ticket, the same query as the shop read (language, development). */
export const shopStreamUrl = (locale: Locale, lang: Language, id: number, development: boolean): string =>
  apiUrl(locale, `/pobs/${id}/events/${catalogueQuery(lang, development)}`);

/** The order's stream with a new ticket (the bearer call may refresh the login once, as every call does). */
export async function orderStreamUrl(locale: Locale, customerId: number, orderId: number, lang: Language): Promise<string> {
  const base = `/customers/${customerId}/orders/${orderId}/events/`;
  const { ticket } = await request<{ ticket: string; expires_in: number }>(locale, `${base}ticket/`, { method: 'POST', auth: true });
  return apiUrl(locale, `${base}?ticket=${encodeURIComponent(ticket)}&lang=${lang}`);
}

export interface StreamHandlers {
  /** An event's parsed data. */
  data(value: unknown): void;
  /** The stream failed or ended: it is closed, the caller decides whether and when to open another. */
  error(): void;
}

/** Opens one stream and listens for `event`; its own reconnects are disabled (each connection needs a new ticket). */
export function openStream(url: string, event: string, on: StreamHandlers): { close(): void } {
  const source = new EventSource(url);
  let closed = false;
  const close = () => {
    closed = true;
    source.close();
  };
  source.addEventListener(event, (m) => {
    if (closed) return;
    let value: unknown;
    try {
      value = JSON.parse((m as MessageEvent<string>).data);
    } catch {
      return;
    }
    on.data(value);
  });
  source.onerror = () => {
    if (closed) return;
    close();
    on.error();
  };
  return { close };
}
