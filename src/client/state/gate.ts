/** Where the entry gate sends the customer, derived from the session and stored flags. */
import { computed } from '@preact/signals-react';
import { activeOrderId, sync } from './session.ts';
import { welcomeSeen } from './prefs.ts';
import { recoveryPending } from './recovery-flag.ts';

export const gateTarget = computed<'wait' | '/tracking' | '/recovery' | '/welcome' | 'home'>(() => {
  if (sync.value === 'syncing' || sync.value === 'idle') return 'wait';
  if (activeOrderId.value) return '/tracking';
  if (recoveryPending.value) return '/recovery';
  if (!welcomeSeen.value) return '/welcome';
  return 'home';
});
