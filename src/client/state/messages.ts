/**
 * The customer's messages: the list, the unread count and the stored read list, and
 * the message opened. Dropped on logout.
 */
import { computed, effect, signal } from '@preact/signals-react';
import type { WireMessage } from '../../shared/wire-account.ts';
import { unreadCount } from '../lib/members.ts';
import * as api from '../services/account.ts';
import { load, save } from '../services/storage.ts';
import { locale } from './i18n.ts';
import { createRequest } from './request.ts';
import { user } from './session.ts';

const read = createRequest<WireMessage[]>([], (list) => list.length > 0);
export const messages = read.data;
export const messagesStatus = read.status;
export const readIds = signal<number[]>([]);
export const expandedMessage = signal<number | null>(null);
/** Not read and newer than one month; recomputed when a message is marked read. */
export const unread = computed(() => unreadCount(messages.value, readIds.value, new Date()));

let readLoaded = false;
async function loadReadIds() {
  if (readLoaded) return;
  readLoaded = true;
  const stored = await load<unknown>('readMessages');
  if (Array.isArray(stored)) readIds.value = [...new Set([...stored.filter((x): x is number => typeof x === 'number'), ...readIds.peek()])];
}

export async function loadMessages(): Promise<void> {
  const current = user.peek();
  if (!current) return;
  // The login may be lost meanwhile: then there is nothing to show.
  await read.run(
    async () => {
      await loadReadIds();
      const list = await api.fetchMessages(locale.peek(), current.id);
      return [...list].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    },
    () => user.peek()?.id === current.id,
  );
}

/** Adds the id to the stored read list, tells the server, and the count follows. */
async function markRead(id: number): Promise<void> {
  if (!readIds.peek().includes(id)) {
    readIds.value = [...readIds.peek(), id];
    void save('readMessages', readIds.peek());
  }
  read.update(messages.peek().map((m) => (m.id === id ? { ...m, read: true } : m)));
  const current = user.peek();
  if (!current) return;
  try {
    await api.markMessageRead(locale.peek(), current.id, id);
  } catch {
    // The local read list already counts it; the server learns next time the message is opened.
  }
}

export function toggleMessage(id: number) {
  const opening = expandedMessage.peek() !== id;
  expandedMessage.value = opening ? id : null;
  const m = messages.peek().find((x) => x.id === id);
  if (opening && m && !m.read) void markRead(id);
}

export function reset() {
  read.reset();
  expandedMessage.value = null;
}

// Another customer must never see the last one's messages.
effect(() => {
  if (!user.value) reset();
});
