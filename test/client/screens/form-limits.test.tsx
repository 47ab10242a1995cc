/**
 * Every field of the customer's forms holds no more than the server takes (shared/validation.ts FIELD_MAX, the
 * companions' name limit): login, registration, recovery (both steps), password, phone, e-mail, name, the bonus
 * teaser and the account deletion. A text field without a limit is a defect: the server's 400 would come after the
 * customer typed it all.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReactElement } from 'react';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PHONE_INPUT_LENGTH,
  SMS_CODE_LENGTH,
} from '../../../src/shared/constants.ts';
import AccountData from '../../../src/client/screens/AccountData/index.tsx';
import Bonus from '../../../src/client/screens/Bonus/index.tsx';
import Email from '../../../src/client/screens/Email/index.tsx';
import Login from '../../../src/client/screens/Login/index.tsx';
import Name from '../../../src/client/screens/Name/index.tsx';
import Password from '../../../src/client/screens/Password/index.tsx';
import Phone from '../../../src/client/screens/Phone/index.tsx';
import Recovery from '../../../src/client/screens/Recovery/index.tsx';
import Register from '../../../src/client/screens/Register/index.tsx';
import { navigate } from '../../../src/client/router/history.ts';
import { memoryKeyValue, save, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { config, DEFAULT_CONFIG } from '../../../src/client/state/config.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { reset as resetRecovery } from '../../../src/client/state/recovery.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

/** Every field a customer types into: its id and the limit it must have. */
const fields = (el: Element) =>
  [...el.querySelectorAll<HTMLInputElement>('input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"])')].map(
    (i) => [i.id, i.maxLength] as const,
  );

async function screen(node: ReactElement, path: string, logged = true) {
  await cleanup();
  resetSession();
  if (logged) {
    user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
    profile.value = wireProfile({ email: null });
  }
  navigate(path, { replace: true });
  const el = await render(node);
  await settle(5);
  return el;
}

const PASSWORD = MAX_PASSWORD_LENGTH;
const PHONE = MAX_PHONE_INPUT_LENGTH;

test('login, registration and recovery: every field has the server limit', async () => {
  assert.equal(fields(await screen(<Login params={{}} />, '/login', false)), [
    ['login-phone', PHONE],
    ['login-password', PASSWORD],
  ]);
  assert.equal(fields(await screen(<Register params={{}} />, '/register', false)), [
    ['register-phone', PHONE],
    ['register-firstname', MAX_NAME_LENGTH],
    ['register-lastname', MAX_NAME_LENGTH],
    ['register-email', MAX_EMAIL_LENGTH],
    ['register-password', PASSWORD],
  ]);
  resetRecovery();
  await save('recovery', null);
  const recovery = await screen(<Recovery params={{}} />, '/recovery', false);
  assert.equal(fields(recovery), [['recovery-phone', PHONE]]);
  const f = stubFetch({ 'POST /auth/reset-token/': { body: {} } });
  await fire.input(recovery.querySelector('#recovery-phone'), '040 123 4567');
  await fire.click(recovery.querySelector('button[type=submit]'));
  await settle(10);
  f.restore();
  assert.equal(fields(recovery), [
    ['recovery-code', SMS_CODE_LENGTH],
    ['recovery-password', PASSWORD],
    ['recovery-repeat', PASSWORD],
  ]);
  resetRecovery();
});

test('the profile forms: password, phone, e-mail, name, the bonus teaser and the deletion', async () => {
  assert.equal(fields(await screen(<Password params={{}} />, '/profile/password')), [
    ['password-old', PASSWORD],
    ['password-new', PASSWORD],
    ['password-confirm', PASSWORD],
  ]);
  assert.equal(fields(await screen(<Phone params={{}} />, '/profile/phone')), [
    ['phone-new', PHONE],
    ['phone-password', PASSWORD],
  ]);
  assert.equal(fields(await screen(<Email params={{}} />, '/profile/email')), [['email-input', MAX_EMAIL_LENGTH]]);
  assert.equal(fields(await screen(<Name params={{}} />, '/profile/name')), [
    ['name-firstname', MAX_NAME_LENGTH],
    ['name-lastname', MAX_NAME_LENGTH],
  ]);
  locale.value = 'FI';
  config.value = { ...DEFAULT_CONFIG };
  assert.equal(fields(await screen(<Bonus params={{}} />, '/bonus')), [['teaser-email', MAX_EMAIL_LENGTH]]);
  const data = await screen(<AccountData params={{}} />, '/profile/data');
  await fire.click([...data.querySelectorAll('button')].find((b) => text(b) === 'Delete my account') ?? null);
  assert.equal(
    fields(document.body).filter(([id]) => id === 'delete-password'),
    [['delete-password', PASSWORD]],
  );
  await cleanup();
});

test.run();
