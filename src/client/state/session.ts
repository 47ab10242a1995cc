/**
 * The login session and profile. state/account.ts owns the actions
 * (login, refresh, sync, logout); this module holds only who is logged in and what the profile says.
 */
import { computed, signal } from '@preact/signals-react';
import type { WireProfile } from '../../shared/wire-account.ts';
import { isMember, membershipPriority } from '../lib/membership.ts';
import { markup } from '../lib/hydrated.ts';

export interface LoginSession {
  id: number;
  token: string;
  refreshToken: string;
}

type WireRest = Partial<Omit<WireProfile, 'id' | 'firstname' | 'lastname' | 'phone' | 'email' | 'active_order_id' | 'membership'>>;

/** The server's profile (WireProfile); the optional fields stay optional so older stored copies still load. */
export interface Profile extends WireRest {
  id: number;
  firstname: string;
  lastname: string;
  phone: string;
  email: string | null;
  active_order_id: number | null;
  membership: {
    type: string | null;
    priority: number;
    begin_date?: string | null;
    end_date: string | null;
    credits: number;
    wp_prem_credits: number;
    wp_prod_credits: number;
  } | null;
}

export const user = signal<LoginSession | null>(null);
export const profile = signal<Profile | null>(null);
/** 'syncing' while the stored login is checked at start; the entry gate waits for it. */
export const sync = signal<'idle' | 'syncing' | 'synced' | 'failed'>('idle');
/** 'stay logged in': only then does a 401/422 trigger the one refresh. */
export const rememberLogin = signal(false);

export const loggedIn = computed(() => Boolean(user.value?.id && user.value.token));
/**
 * The membership's queue priority, which the shops' waits are shown for; 0 while the server's markup is hydrated:
 * the server rendered them for no one, and the login comes in before the screen's part of the page has hydrated.
 */
export const priority = computed(() => (markup.value ? 0 : membershipPriority(profile.value?.membership?.type ?? null)));
/**
 * What this page learnt about the active order since the profile last came from the server: the order it
 * joined (the POST's answer), or null once tracking saw the order end. The next server profile replaces it.
 */
export const orderNews = signal<{ id: number | null } | null>(null);
/** The server's active order, or what this page learnt since (joined, ended). */
export const activeOrderId = computed(() => {
  const p = profile.value;
  const news = orderNews.value;
  return !p ? null : news ? news.id : (p.active_order_id ?? null);
});
export const member = computed(() => isMember(profile.value));

export function reset() {
  user.value = null;
  profile.value = null;
  orderNews.value = null;
  sync.value = 'idle';
  rememberLogin.value = false;
}
