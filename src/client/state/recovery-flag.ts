/** Whether a valid (less than one hour old) recovery state is stored; the accounts issue sets it. */
import { signal } from '@preact/signals-react';

export const recoveryPending = signal(false);
