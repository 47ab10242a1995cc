/** A minimal server-sent events reader over a real HTTP connection, for the stream tests. */
import { request, type IncomingHttpHeaders } from 'node:http';

export interface SseEvent {
  event: string;
  id: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every event so far, and the heartbeat comments seen. */
  events: SseEvent[];
  pings: number;
  /** The body of a non-200 answer. */
  body: string;
  /** The first event from index `after` on that passes `test` (fails after `ms`). */
  next(test?: (e: SseEvent) => boolean, after?: number, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let body = '';
      let endedResolve: () => void = () => {};
      const ended = new Promise<void>((r) => {
        endedResolve = r;
      });
      const s: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        pings: 0,
        get body() {
          return body;
        },
        next(test = () => true, after = 0, ms = 10_000) {
          return new Promise((done, fail) => {
            const check = () => {
              const hit = events.slice(after).find(test);
              if (!hit) return false;
              waiters.delete(check as () => void);
              clearTimeout(timer);
              done(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check as () => void);
              fail(new Error(`no matching event within ${ms} ms; had ${events.map((e) => `${e.event}#${e.id}`).join(', ')}`));
            }, ms);
            if (!check()) waiters.add(check as () => void);
          });
        },
        ended,
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (res.statusCode !== 200) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let at = buffer.indexOf('\n\n');
        while (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (block.startsWith(':')) s.pings++;
          else {
            const e: SseEvent = { event: 'message', id: '', data: '' };
            for (const line of block.split('\n')) {
              const [k, ...rest] = line.split(': ');
              const v = rest.join(': ');
              if (k === 'event') e.event = v;
              else if (k === 'id') e.id = v;
              else if (k === 'data') e.data += v;
            }
            events.push(e);
          }
          at = buffer.indexOf('\n\n');
        }
        for (const w of [...waiters]) w();
      });
      res.on('end', endedResolve);
      res.on('close', endedResolve);
      if (res.statusCode !== 200) res.on('end', () => resolve(s));
      else resolve(s);
    });
    req.on('error', reject);
    req.end();
  });
}
