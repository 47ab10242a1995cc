/**
 * Data of the profile's sub-pages (SPEC.md §2, §4): messages with the unread count and the read list,
 * receipts, the bonus teaser and benefit redeeming. Everything here belongs to the logged-in customer
 * and is dropped on logout.
 */
import { computed, effect, signal } from '@preact/signals-react';
import type { WireMessage, WireReceipt } from '../../shared/wire-account.ts';
import { isEmail } from '../lib/validation.ts';
import { sortBenefits, unreadCount } from '../lib/members.ts';
import * as api from '../services/account.ts';
import { load, save } from '../services/storage.ts';
import { applyProfile, refreshProfile } from './account.ts';
import { locale } from './i18n.ts';
import { profile, user } from './session.ts';

export type FetchStatus = 'idle' | 'pending' | 'fulfilled' | 'rejected';

// ---- messages ----

export const messages = signal<WireMessage[]>([]);
export const messagesStatus = signal<FetchStatus>('idle');
export const readIds = signal<number[]>([]);
export const expandedMessage = signal<number | null>(null);
/** Not read and newer than one month (SPEC.md §3); recomputed when a message is marked read. */
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
  if (!messages.peek().length) messagesStatus.value = 'pending';
  await loadReadIds();
  try {
    const list = await api.fetchMessages(locale.peek(), current.id);
    if (user.peek()?.id !== current.id) return;
    messages.value = [...list].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    messagesStatus.value = 'fulfilled';
  } catch {
    if (user.peek()?.id !== current.id) return; // the login was lost meanwhile: nothing to show
    messagesStatus.value = messages.peek().length ? 'fulfilled' : 'rejected';
  }
}

/** SPEC.md §4: adds the id to the stored read list, tells the server, and the count follows. */
export async function markRead(id: number): Promise<void> {
  if (!readIds.peek().includes(id)) {
    readIds.value = [...readIds.peek(), id];
    void save('readMessages', readIds.peek());
  }
  messages.value = messages.peek().map((m) => (m.id === id ? { ...m, read: true } : m));
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

// ---- receipts ----

export const receipts = signal<WireReceipt[]>([]);
export const receiptsStatus = signal<FetchStatus>('idle');

export async function loadReceipts(): Promise<void> {
  const current = user.peek();
  if (!current) return;
  if (!receipts.peek().length) receiptsStatus.value = 'pending';
  try {
    const list = await api.fetchReceipts(locale.peek(), current.id);
    if (user.peek()?.id !== current.id) return;
    receipts.value = [...list].sort((a, b) => Date.parse(b.created) - Date.parse(a.created));
    receiptsStatus.value = 'fulfilled';
  } catch {
    if (user.peek()?.id !== current.id) return; // the login was lost meanwhile: nothing to show
    receiptsStatus.value = receipts.peek().length ? 'fulfilled' : 'rejected';
  }
}

// ---- bonus: teaser and benefits ----

export const teaserEmail = signal('');
export const teaserFocused = signal(false);
export const teaserAllow = signal(true);
export const teaserStatus = signal<FetchStatus>('idle');
export const teaserEmailValid = computed(() => isEmail(teaserEmail.value));
export const teaserErrorShown = computed(() => teaserEmail.value.trim() !== '' && !teaserFocused.value && !teaserEmailValid.value);
/** SPEC.md §5: both the e-mail and the marketing permission before submit. */
export const teaserValid = computed(() => teaserEmailValid.value && teaserAllow.value);

export function openTeaser() {
  if (!teaserEmail.peek()) teaserEmail.value = profile.peek()?.email ?? '';
  if (teaserStatus.peek() !== 'fulfilled') teaserStatus.value = 'idle';
}
export const setTeaserEmail = (v: string) => {
  teaserEmail.value = v;
  if (teaserStatus.peek() === 'rejected') teaserStatus.value = 'idle';
};
export const setTeaserFocus = (v: boolean) => void (teaserFocused.value = v);
export const setTeaserAllow = (v: boolean) => void (teaserAllow.value = v);

export async function submitTeaser(): Promise<boolean> {
  if (!teaserValid.peek() || teaserStatus.peek() === 'pending') return false;
  teaserStatus.value = 'pending';
  try {
    await api.sendBonusTeaser(locale.peek(), { email: teaserEmail.peek().trim(), allow_email: teaserAllow.peek() });
    teaserStatus.value = 'fulfilled';
    void refreshProfile();
    return true;
  } catch {
    teaserStatus.value = 'rejected';
    return false;
  }
}

export const benefits = computed(() => sortBenefits(profile.value?.bonus?.benefits ?? []));
/** SPEC.md §5: benefits need an e-mail address plus marketing permission. */
export const canUseBenefits = computed(() => Boolean(profile.value?.email && profile.value.allow_email));
export const redeeming = signal<Record<number, 'pending' | 'rejected'>>({});

export async function redeem(benefitId: number): Promise<boolean> {
  const current = user.peek();
  if (!current || redeeming.peek()[benefitId] === 'pending') return false;
  redeeming.value = { ...redeeming.peek(), [benefitId]: 'pending' };
  try {
    const answer = await api.redeemBenefit(locale.peek(), current.id, benefitId);
    const p = profile.peek();
    if (p?.bonus) {
      const list = p.bonus.benefits.map((b) =>
        b.id === benefitId ? { ...b, redeemCode: answer?.redeemCode ?? b.redeemCode, dateRedeemed: answer?.dateRedeemed ?? new Date().toISOString() } : b,
      );
      applyProfile({ ...p, bonus: { ...p.bonus, benefits: list } });
    }
    const { [benefitId]: _done, ...rest } = redeeming.peek();
    redeeming.value = rest;
    void refreshProfile();
    return true;
  } catch {
    redeeming.value = { ...redeeming.peek(), [benefitId]: 'rejected' };
    return false;
  }
}

export function reset() {
  messages.value = [];
  messagesStatus.value = 'idle';
  expandedMessage.value = null;
  receipts.value = [];
  receiptsStatus.value = 'idle';
  teaserEmail.value = '';
  teaserFocused.value = false;
  teaserAllow.value = true;
  teaserStatus.value = 'idle';
  redeeming.value = {};
}

// Another customer must never see the last one's messages or receipts.
effect(() => {
  if (!user.value) reset();
});
