import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { act } from 'react';
import { render, cleanup, fire, settle, text, win } from '../dom.ts';
import { stubFetch, wireProfile } from '../account-fetch.ts';
import type { WireBonus } from '../../../src/shared/wire-account.ts';
import Bonus from '../../../src/client/screens/Bonus/index.tsx';
import { locale, setLanguage } from '../../../src/client/state/i18n.ts';
import { config, DEFAULT_CONFIG } from '../../../src/client/state/config.ts';
import { loc, navigate } from '../../../src/client/router/history.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetPages } from '../../../src/client/state/bonus.ts';
import { profile, reset as resetSession, user } from '../../../src/client/state/session.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

const BONUS: WireBonus = {
  amount: 1250,
  expirationDate: '2026-03-31',
  benefits: [
    {
      id: 1,
      title: 'Old done',
      value: '-5 €',
      isRedeemable: false,
      redeemCode: 'ABC123',
      dateIssued: '2024-01-01T00:00:00Z',
      dateRedeemed: '2024-02-01T10:00:00Z',
    },
    { id: 2, title: 'Later', value: '-50 %', isRedeemable: true, redeemCode: null, dateIssued: '2024-05-01T00:00:00Z', dateRedeemed: null },
    {
      id: 3,
      title: 'Earlier',
      value: '-5 €',
      isRedeemable: true,
      redeemCode: null,
      dateIssued: '2024-03-01T00:00:00Z',
      dateRedeemed: null,
    },
  ],
};

async function setup(loc_: 'FI' | 'NO' | 'EE', extra = {}, cfg = {}) {
  await cleanup();
  resetSession();
  resetPages();
  locale.value = loc_;
  config.value = { ...DEFAULT_CONFIG, ...cfg };
  user.value = { id: 7, token: 'access', refreshToken: 'refresh' };
  profile.value = wireProfile({ email: null, ...extra });
  navigate('/bonus', { replace: true });
}

test('FI shows the teaser: submit needs a valid e-mail and the permission (on by default)', async () => {
  await setup('FI');
  const el = await render(<Bonus params={{}} />);
  const email = el.querySelector('#teaser-email') as HTMLInputElement;
  const allow = el.querySelector('#teaser-allow') as HTMLInputElement;
  const submit = el.querySelector('button[type=submit]') as HTMLButtonElement;
  assert.ok(allow.checked);
  assert.ok(submit.disabled);
  await fire.input(email, 'matti@example');
  await act(async () => void email.dispatchEvent(new win.FocusEvent('focusout', { bubbles: true }) as unknown as Event));
  assert.match(text(el), 'Please check the email address');
  await fire.input(email, 'matti@example.com');
  assert.not.ok(submit.disabled);
  await fire.click(allow);
  assert.ok(submit.disabled, 'the permission is required');
  await fire.click(allow);
  const f = stubFetch({
    'POST /bonus-teaser/': { body: {} },
    'GET /customers/7/': { body: wireProfile({ email: 'matti@example.com', allow_email: true }) },
  });
  await fire.click(submit);
  await settle(10);
  f.restore();
  assert.equal(f.calls[0].body, { email: 'matti@example.com', allow_email: true });
  assert.match(text(el), 'Thank you!');
});

test('a locale with neither bonus nor teaser is sent to /home', async () => {
  await setup('NO');
  await render(<Bonus params={{}} />);
  await settle();
  assert.is(loc.value.path, '/home');
});

test('a bonus locale shows the counter and the benefits, redeemable first, oldest first', async () => {
  await setup('EE', { email: 'm@example.com', allow_email: true, bonus: BONUS }, { bonusLocales: ['EE'] });
  const el = await render(<Bonus params={{}} />);
  assert.match(text(el.querySelector('.bonus-amount')).replace(/\s/g, ' '), '12,50');
  assert.match(text(el), '31.3.2026');
  assert.equal([...el.querySelectorAll('.benefit-title')].map(text), ['Earlier', 'Later', 'Old done']);
  assert.match(text(el.querySelectorAll('.benefit')[2]), 'ABC123');
  const slider = el.querySelector('.benefit-slider') as HTMLElement;
  assert.is(slider.style.getPropertyValue('--per-view'), '2.1');
  assert.is(slider.style.getPropertyValue('--gap'), '20px');

  const f = stubFetch({
    'POST /customers/7/benefits/3/redeem/': { body: { redeemCode: 'XYZ789', dateRedeemed: '2024-06-01T10:00:00Z' } },
    'GET /customers/7/': { body: wireProfile() },
  });
  await fire.click(el.querySelector('.benefit .button')!);
  await settle(10);
  f.restore();
  assert.ok(f.calls.some((c) => c.method === 'POST' && c.path === '/customers/7/benefits/3/redeem/'));
});

test('benefits need an e-mail and the marketing permission', async () => {
  await setup('EE', { email: null, allow_email: false, bonus: BONUS }, { bonusLocales: ['EE'] });
  const el = await render(<Bonus params={{}} />);
  assert.ok(el.querySelector('a[href="/profile/email"]'));
  assert.ok((el.querySelector('.benefit .button') as HTMLButtonElement).disabled);
  await cleanup();
  locale.value = 'FI';
  config.value = DEFAULT_CONFIG;
});

test.run();
