import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, cleanup, fire, settle, text, win } from '../dom.ts';
import { act } from 'react';
import { stubFetch } from '../account-fetch.ts';
import Recovery from '../../../src/client/screens/Recovery/index.tsx';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { load, memoryKeyValue, save, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetRecovery } from '../../../src/client/state/recovery.ts';
import { progress, restoreRecovery, tokenSent } from '../../../src/client/state/recovery-store.ts';
import { recoveryPending } from '../../../src/client/state/recovery-flag.ts';
import { gateTarget } from '../../../src/client/state/gate.ts';
import { sync } from '../../../src/client/state/session.ts';
import { markWelcomeSeen } from '../../../src/client/state/prefs-later.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const HOUR = 3_600_000;
const blur = (input: Element) =>
  act(async () => void input.dispatchEvent(new win.FocusEvent('focusout', { bubbles: true }) as unknown as Event));
const $ = (el: Element, id: string) => el.querySelector(`#${id}`) as HTMLInputElement;
const submit = (el: Element) => el.querySelector('button[type=submit]') as HTMLButtonElement;

async function setup() {
  await cleanup();
  resetRecovery();
  await save('recovery', null);
}

async function toStep2(el: Element) {
  const f = stubFetch({ 'POST /auth/reset-token/': { body: {} } });
  await fire.input($(el, 'recovery-phone'), '040 123 4567');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  return f;
}

test('step 1 → step 2 → success, with progress stored and then cleared', async () => {
  await setup();
  const el = await render(<Recovery params={{}} />);
  assert.ok($(el, 'recovery-phone'));
  const f1 = await toStep2(el);
  assert.equal(f1.calls[0].body, { phone: '+358401234567' });
  const stored = (await load('recovery')) as { countryCode: string; phone: string; date: number };
  assert.is(stored.countryCode, 'FI');
  assert.is(stored.phone, '+358401234567');
  assert.ok(Date.now() - stored.date < 1000);
  assert.ok(recoveryPending.value);
  assert.ok($(el, 'recovery-code'), 'step 2 shows the code field');
  assert.match(text(el), '+358401234567');

  assert.ok(submit(el).disabled);
  await fire.input($(el, 'recovery-code'), '123456');
  await fire.input($(el, 'recovery-password'), 'NewSecret1');
  await fire.input($(el, 'recovery-repeat'), 'NewSecret2');
  assert.ok(submit(el).disabled, 'repeat must match');
  await fire.input($(el, 'recovery-repeat'), 'NewSecret1');
  assert.not.ok(submit(el).disabled);

  const f2 = stubFetch({ 'POST /auth/reset/': { body: {} } });
  await fire.click(submit(el));
  await settle(10);
  f2.restore();
  assert.equal(f2.calls[0].body, { phone: '+358401234567', token: '123456', password: 'NewSecret1' });
  assert.match(text(el), 'Password changed');
  assert.ok(el.querySelector('a[href="/login"]'));
  assert.is(await load('recovery'), undefined);
  assert.not.ok(recoveryPending.value);
});

test('step 2 messages: weak password and mismatched repeat after blur', async () => {
  await setup();
  const el = await render(<Recovery params={{}} />);
  await toStep2(el);
  await fire.input($(el, 'recovery-password'), 'weak');
  await blur($(el, 'recovery-password'));
  assert.match(text(el), 'Check that your password is secure enough');
  await fire.input($(el, 'recovery-repeat'), 'other');
  await blur($(el, 'recovery-repeat'));
  assert.match(text(el), 'Check the passwords');
});

test('a fresh stored recovery resumes (the gate goes to /recovery); a stale one (> 1 h) is reset', async () => {
  await setup();
  markWelcomeSeen();
  sync.value = 'synced';
  await save('recovery', { countryCode: 'FI', phone: '+358401234567', date: Date.now() - HOUR + 60_000 });
  await restoreRecovery();
  assert.ok(recoveryPending.value);
  assert.ok(tokenSent.value);
  assert.is(gateTarget.value, '/recovery');

  await save('recovery', { countryCode: 'FI', phone: '+358401234567', date: Date.now() - HOUR - 1 });
  await restoreRecovery();
  assert.not.ok(recoveryPending.value);
  assert.not.ok(tokenSent.value);
  assert.is(progress.value, null);
  assert.is(await load('recovery'), undefined, 'stale progress is removed from storage');
  assert.is(gateTarget.value, 'home');
});

test('progress that goes stale while the page is open is reset on entering', async () => {
  await setup();
  await save('recovery', { countryCode: 'FI', phone: '+358401234567', date: Date.now() - HOUR + 1 });
  await restoreRecovery();
  progress.value = { ...progress.value!, date: Date.now() - HOUR - 5 };
  const el = await render(<Recovery params={{}} />);
  await settle();
  assert.ok($(el, 'recovery-phone'), 'back at step 1');
  assert.not.ok($(el, 'recovery-code'));
});

test('a phone-missing error goes back to step 1 with the phone marked (token-sent reset)', async () => {
  await setup();
  const el = await render(<Recovery params={{}} />);
  await toStep2(el);
  await fire.input($(el, 'recovery-code'), '123456');
  await fire.input($(el, 'recovery-password'), 'NewSecret1');
  await fire.input($(el, 'recovery-repeat'), 'NewSecret1');
  const f = stubFetch({ 'POST /auth/reset/': { status: 400, body: { error: 'Missing phone parameter', field: 'phone' } } });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.not.ok(tokenSent.value);
  assert.ok($(el, 'recovery-phone'));
  assert.is($(el, 'recovery-phone').getAttribute('aria-invalid'), 'true');
  assert.match(text(el), 'Missing phone parameter');
});

test('any other error marks the code and the password', async () => {
  await setup();
  const el = await render(<Recovery params={{}} />);
  await toStep2(el);
  await fire.input($(el, 'recovery-code'), '000000');
  await fire.input($(el, 'recovery-password'), 'NewSecret1');
  await fire.input($(el, 'recovery-repeat'), 'NewSecret1');
  const f = stubFetch({ 'POST /auth/reset/': { status: 400, body: { error: 'Missing token parameter', field: 'token' } } });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.ok(tokenSent.value, 'still at step 2');
  assert.is($(el, 'recovery-code').getAttribute('aria-invalid'), 'true');
  assert.is($(el, 'recovery-password').getAttribute('aria-invalid'), 'true');
  assert.match(text(el), 'Missing token parameter');
});

test('step 1 refuses a too short phone and shows a 429 from the server', async () => {
  await setup();
  const el = await render(<Recovery params={{}} />);
  await fire.input($(el, 'recovery-phone'), '123');
  await fire.click(submit(el));
  await settle();
  assert.match(text(el), 'Check your phone number');
  const f = stubFetch({ 'POST /auth/reset-token/': { status: 429, body: { error: 'Too many code requests. Try again later.' } } });
  await fire.input($(el, 'recovery-phone'), '0401234567');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.match(text(el), 'Too many attempts');
  assert.ok($(el, 'recovery-phone'));
  await cleanup();
});

test.run();
