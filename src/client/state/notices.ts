/** The notification bar of the app shell: one notice at a time, closing by itself. */
import { signal } from '@preact/signals-react';
import { LOCATION_NOTICE_MS, NOTICE_MS } from '../../shared/constants.ts';

export interface Notice {
  id: number;
  title: string;
  text?: string;
  linkUrl?: string;
  linkText?: string;
  kind: 'info' | 'error' | 'location' | 'success';
}

export const notice = signal<Notice | null>(null);

let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a notice; it closes after 10 s, 5 s for location errors, or after `ms` when given. */
export function notify(n: Omit<Notice, 'id'>, ms?: number): number {
  clearTimeout(timer);
  const id = ++seq;
  notice.value = { ...n, id };
  const life = ms ?? (n.kind === 'location' ? LOCATION_NOTICE_MS : NOTICE_MS);
  timer = setTimeout(() => closeNotice(id), life);
  return id;
}

/** Closes the notice, or only the given one if it is still showing. */
export function closeNotice(id?: number) {
  if (id === undefined || notice.value?.id === id) notice.value = null;
}

export function reset() {
  clearTimeout(timer);
  notice.value = null;
}
