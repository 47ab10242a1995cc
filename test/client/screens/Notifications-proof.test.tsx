/**
 * A phone not proven (docs/decisions.md, "A phone is proven before it is texted"): the notification settings show
 * SMS alerts off and say why, push stays as it is, and offer the code that proves the number; once proven the SMS
 * switch is the customer's again. The profile offers the same.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import Notifications from '../../../src/client/screens/Notifications/index.tsx';
import Profile from '../../../src/client/screens/Profile/index.tsx';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetAccount } from '../../../src/client/state/account.ts';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { resetProof } from '../../../src/client/state/phone-proof.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

test.after.each(async () => {
  await cleanup();
  resetSession();
  resetAccount();
  resetProof();
});

function signIn(proven: boolean) {
  locale.value = 'FI';
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile({ allow_sms: true, phone_proven: proven });
}

const sms = (el: Element) => el.querySelector('#allow-sms') as HTMLButtonElement;

test('not proven: SMS alerts off and why, even with allow_sms; the code proves the number and the switch is his again', async () => {
  signIn(false);
  const f = stubFetch({
    'POST /auth/phone-code/': { body: { ok: true } },
    'POST /auth/phone-proof/': { body: { ok: true } },
    'GET /customers/7/': { body: wireProfile({ allow_sms: true, phone_proven: true }) },
  });
  const el = await render(<Notifications params={{}} />);
  assert.is(sms(el).getAttribute('aria-checked'), 'false');
  assert.ok(sms(el).disabled);
  assert.match(text(el.querySelector('#allow-sms-desc')), 'Off until your phone number is confirmed');
  assert.match(text(el), 'Your phone number is not confirmed, so SMS alerts are off.');
  assert.not.ok((el.querySelector('#push') as HTMLButtonElement).disabled, 'push is not held back');
  // Without push in this service, the push row must not promise the text messages that are off.
  assert.not.match(text(el.querySelector('#push-desc')), 'text messages');
  await fire.click([...el.querySelectorAll('button')].find((b) => text(b) === 'Confirm phone number')!);
  await settle(10);
  assert.equal(f.calls[0].body, { phone: '+358401234567' });
  await fire.input(el.querySelector('#phone-proof-code')!, '123456');
  await fire.click(el.querySelector('.phone-proof button[type=submit]')!);
  await settle(10);
  f.restore();
  assert.equal(
    f.calls.map((c) => `${c.method} ${c.path}`),
    ['POST /auth/phone-code/', 'POST /auth/phone-proof/', 'GET /customers/7/'],
  );
  assert.is(sms(el).getAttribute('aria-checked'), 'true');
  assert.not.ok(sms(el).disabled);
  assert.not.match(text(el), 'not confirmed');
});

test('proven: the SMS switch as before, nothing offered', async () => {
  signIn(true);
  const el = await render(<Notifications params={{}} />);
  assert.is(sms(el).getAttribute('aria-checked'), 'true');
  assert.not.ok(sms(el).disabled);
  assert.not.ok(el.querySelector('.phone-proof-offer'));
});

test('the profile offers to confirm a phone not proven, and only then', async () => {
  signIn(false);
  const f = stubFetch({ 'GET /customers/7/messages/': { body: [] } });
  const el = await render(<Profile params={{}} />);
  assert.ok(el.querySelector('.phone-proof-offer'));
  assert.match(text(el.querySelector('.phone-proof-offer')), 'Confirm phone number');
  await cleanup();
  signIn(true);
  const again = await render(<Profile params={{}} />);
  f.restore();
  assert.not.ok(again.querySelector('.phone-proof-offer'));
});

test.run();
