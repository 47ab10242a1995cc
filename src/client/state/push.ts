/** Push notifications: on and off, firebase loaded only when the customer turns push on. */
import { computed, signal } from '@preact/signals-react';
import { save } from '../services/storage.ts';
import { deletePushToken, getPushToken, pushSupported } from '../services/push.ts';
import { patchProfile } from './account.ts';
import { config } from './config.ts';
import { t } from './i18n.ts';
import { notify } from './notices.ts';
import type { FetchStatus } from './request.ts';
import { profile } from './session.ts';

export const pushStatus = signal<FetchStatus>('idle');
/** Push works with a firebase config, on Android with Chrome. */
export const pushAvailable = computed(() => Boolean(config.value.firebase) && pushSupported());
/**
 * Why push is off here: the deployment has no push configuration (config.json's firebase is null: not the
 * browser's fault), or this browser cannot do it; null when it can.
 */
export const pushMissing = computed<'service' | 'browser' | null>(() =>
  !config.value.firebase ? 'service' : !pushSupported() ? 'browser' : null,
);
export const pushEnabled = computed(() => Boolean(profile.value?.fcm_token));

function unsupported() {
  const text = pushMissing.peek() === 'service' ? t('notifications.notConfigured') : t('notifications.unsupported');
  notify({ kind: 'info', title: t('notifications.unsupportedTitle'), text });
}

async function enablePush(): Promise<boolean> {
  const firebase = config.peek().firebase;
  if (!firebase || !pushSupported()) {
    unsupported();
    return false;
  }
  pushStatus.value = 'pending';
  try {
    const token = await getPushToken(firebase, config.peek().vapidKey);
    const ok = await patchProfile({ fcm_token: token });
    if (!ok) throw new Error('patch');
    void save('pushEnabled', true);
    pushStatus.value = 'fulfilled';
    return true;
  } catch (err) {
    pushStatus.value = 'rejected';
    if (err === 'unsupported') unsupported();
    return false;
  }
}

async function disablePush(): Promise<boolean> {
  pushStatus.value = 'pending';
  const ok = await patchProfile({ fcm_token: null });
  const firebase = config.peek().firebase;
  if (ok && firebase) void deletePushToken(firebase).catch(() => {});
  if (ok) void save('pushEnabled', false);
  pushStatus.value = ok ? 'fulfilled' : 'rejected';
  return ok;
}

export const togglePush = () => (pushEnabled.peek() ? disablePush() : enablePush());

export function reset() {
  pushStatus.value = 'idle';
}
