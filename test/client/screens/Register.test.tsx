import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, cleanup, fire, settle, text, win } from '../dom.ts';
import { act } from 'react';
import { stubFetch } from '../account-fetch.ts';
import Register from '../../../src/client/screens/Register/index.tsx';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetRegister } from '../../../src/client/state/register.ts';

setKeyValueStore(memoryKeyValue());
await setLanguage('en');

async function setup() {
  await cleanup();
  resetRegister();
  return render(<Register params={{}} />);
}

const $ = (el: Element, id: string) => el.querySelector(`#${id}`) as HTMLInputElement;
const submit = (el: Element) => el.querySelector('button[type=submit]') as HTMLButtonElement;
const errors = (el: Element) => [...el.querySelectorAll('.field-error')].map(text);
const blur = (input: Element) =>
  act(async () => void input.dispatchEvent(new win.FocusEvent('focusout', { bubbles: true }) as unknown as Event));

async function fillValid(el: Element) {
  await fire.input($(el, 'register-phone'), '0401234567');
  await fire.input($(el, 'register-firstname'), 'Matti');
  await fire.input($(el, 'register-lastname'), 'Meikäläinen');
  await fire.input($(el, 'register-email'), 'matti@example.com');
  await fire.input($(el, 'register-password'), 'Hiustupa77');
  await fire.click($(el, 'register-terms'));
}

test('the page: title, the recovery notice and the dial codes with Finland first', async () => {
  const el = await setup();
  assert.ok(el.querySelector('h1'));
  assert.ok(el.querySelector('a[href="/recovery"]'));
  const options = [...el.querySelectorAll('#register-phone-country option')].map(text);
  assert.equal(options, ['Finland +358', 'Estonia +372']);
  assert.ok($(el, 'register-allow-sms').checked, 'SMS permission defaults on');
  assert.not.ok($(el, 'register-allow-email').checked, 'e-mail permission defaults off');
  assert.is(
    text(el.querySelector('#register-password-hint')),
    'At least 8 characters, with an uppercase letter, a lowercase letter and a number, and not a common password.',
  );
});

test('the form refuses what the server refuses: a common password and a 255-character name keep submit disabled', async () => {
  const el = await setup();
  await fillValid(el);
  assert.not.ok(submit(el).disabled);
  await fire.input($(el, 'register-password'), 'Salasana1');
  await blur($(el, 'register-password'));
  assert.ok(submit(el).disabled, 'Salasana1 is on the common-password list');
  assert.equal(errors(el), ['This password is too common. Choose one that is harder to guess.']);
  await fire.input($(el, 'register-password'), 'Hiustupa77');
  await fire.input($(el, 'register-firstname'), 'M'.repeat(255));
  await blur($(el, 'register-firstname'));
  assert.ok(submit(el).disabled, 'a first name of 255 characters');
  assert.equal(errors(el), ['The name can have at most 100 characters.']);
  await fire.input($(el, 'register-firstname'), 'M'.repeat(100));
  assert.not.ok(submit(el).disabled, 'a first name of 100 characters');
});

test('no errors while typing; a blurred invalid field shows its error, a valid one does not', async () => {
  const el = await setup();
  await fire.input($(el, 'register-email'), 'matti@');
  await fire.input($(el, 'register-firstname'), 'Matti');
  assert.equal(errors(el), []);
  await blur($(el, 'register-firstname'));
  assert.equal(errors(el), []);
  await blur($(el, 'register-email'));
  assert.equal(errors(el), ['Check your email']);
  assert.is($(el, 'register-email').getAttribute('aria-describedby'), 'register-email-error');
  await fire.input($(el, 'register-email'), 'matti@example.com');
  assert.equal(errors(el), []);
});

test('a submit attempt (Enter) shows every error with its own text', async () => {
  const el = await setup();
  assert.ok(submit(el).disabled);
  await act(
    async () =>
      void $(el, 'register-phone').dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }) as unknown as Event),
  );
  assert.equal(errors(el).sort(), [
    'Check your email',
    'Check your first name',
    'Check your last name',
    'Check your password',
    'Check your phone number',
    'You must agree to the terms of use',
  ]);
});

test('submit is enabled only for a valid form (and still after the 100 ms re-check)', async () => {
  const el = await setup();
  await fillValid(el);
  assert.not.ok(submit(el).disabled);
  await fire.input($(el, 'register-password'), 'secret');
  assert.ok(submit(el).disabled, 'a weak password disables it again');
  await fire.input($(el, 'register-password'), 'Hiustupa77');
  await settle(120);
  assert.not.ok(submit(el).disabled);
});

test('success asks for the code sent to the phone; with it, the thank-you says the phone is confirmed', async () => {
  const el = await setup();
  await fillValid(el);
  const f = stubFetch({
    'POST /register/': { status: 201, body: { customer_id: 9 } },
    'POST /auth/phone-code/': { body: { ok: true } },
    'POST /auth/phone-proof/': [{ status: 400, body: { error: 'Invalid or expired code', field: 'token' } }, { body: { ok: true } }],
  });
  await fire.click(submit(el));
  await settle(10);
  assert.equal(f.calls[0].body, {
    countryCode: '+358',
    phone: '+358401234567',
    password: 'Hiustupa77',
    firstname: 'Matti',
    lastname: 'Meikäläinen',
    email: 'matti@example.com',
    terms_accepted: true,
    allow_email: false,
    allow_sms: true,
  });
  // One step: the code sent to the number just registered, before any thank-you.
  assert.equal(
    f.calls.map((c) => `${c.method} ${c.path}`),
    ['POST /register/', 'POST /auth/phone-code/'],
  );
  assert.equal(f.calls[1].body, { phone: '+358401234567' });
  assert.is(text(el.querySelector('h1')), 'Confirm your phone number');
  assert.match(text(el), 'We sent a 6-digit code to');
  assert.not.match(text(el), 'Thank you for registering');
  const code = $(el, 'phone-proof-code');
  assert.is(code.getAttribute('autocomplete'), 'one-time-code');
  // Not six digits: said on the field, nothing sent.
  await fire.input(code, '12');
  await fire.click(submit(el));
  await settle(5);
  assert.equal(errors(el), ['Enter the 6 digits of the code.']);
  assert.is(f.calls.length, 2);
  // A wrong code: the server's refusal on the field, translated.
  await fire.input(code, '123456');
  await fire.click(submit(el));
  await settle(10);
  assert.equal(errors(el), ['Invalid or expired code']);
  await fire.input(code, '654321');
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.equal(f.calls.at(-1)!.body, { phone: '+358401234567', token: '654321' });
  assert.match(text(el), 'Thank you for registering');
  assert.match(text(el), 'Your phone number is confirmed');
  assert.ok(el.querySelector('a[href="/login"]'));
});

test('the code step may be skipped: the thank-you says SMS alerts stay off and where to confirm later', async () => {
  const el = await setup();
  await fillValid(el);
  const f = stubFetch({ 'POST /register/': { status: 201, body: { customer_id: 9 } }, 'POST /auth/phone-code/': { body: { ok: true } } });
  await fire.click(submit(el));
  await settle(10);
  await fire.click(el.querySelector('.phone-proof-skip')!);
  await settle(5);
  f.restore();
  assert.equal(
    f.calls.map((c) => c.path),
    ['/register/', '/auth/phone-code/'],
    'nothing proven',
  );
  assert.match(text(el), 'Thank you for registering');
  assert.match(text(el), 'SMS alerts stay off until you confirm your phone number; you can do it in your profile.');
  assert.ok(el.querySelector('a[href="/login"]'));
});

test('Estonia sends +372; a refusal naming no field is listed under other errors, translated', async () => {
  const el = await setup();
  await fillValid(el);
  await act(async () => {
    const select = $(el, 'register-phone-country') as unknown as HTMLSelectElement;
    select.value = 'EE';
    select.dispatchEvent(new win.Event('change', { bubbles: true }) as unknown as Event);
  });
  const f = stubFetch({ 'POST /register/': { status: 503, body: { error: 'The server is busy, try again in a moment' } } });
  await fire.click(submit(el));
  await settle(10);
  f.restore();
  assert.is((f.calls[0].body as { phone: string }).phone, '+372401234567');
  assert.ok(el.querySelector('form'), 'the form stays');
  assert.match(text(el), 'Please check the form');
  assert.match(text(el.querySelector('.other-errors')), 'Other errors');
  assert.equal([...el.querySelectorAll('.other-errors li')].map(text), ['Error: The service is busy. Please try again in a moment.']);
  await cleanup();
});

test("a refusal naming a field marks that field in the screen's language, not under other errors", async () => {
  await setLanguage('fi');
  try {
    const cases: Array<[{ error: string; field: string }, string, string]> = [
      [{ error: 'Invalid firstname', field: 'firstname' }, 'register-firstname', 'Tarkista etunimesi'],
      [{ error: 'Password too weak', field: 'password' }, 'register-password', 'Salasana on liian heikko'],
      [
        { error: 'An account with this phone number already exists', field: 'phone' },
        'register-phone',
        'Tällä puhelinnumerolla on jo tili',
      ],
    ];
    for (const [body, id, want] of cases) {
      const el = await setup();
      await fillValid(el);
      const f = stubFetch({ 'POST /register/': { status: 400, body } });
      await fire.click(submit(el));
      await settle(10);
      f.restore();
      assert.is($(el, id).getAttribute('aria-invalid'), 'true', id);
      assert.is(text(el.querySelector(`#${id}-error`)), want, id);
      assert.is(el.querySelectorAll('.other-errors li').length, 0, `${id}: not under other errors`);
      assert.not.match(text(el), body.error);
      // Editing the field clears the server's mark.
      await fire.input($(el, id), id === 'register-phone' ? '0401234568' : id === 'register-password' ? 'Hiustupa78' : 'Mikko');
      assert.is(el.querySelector(`#${id}-error`), null, `${id}: cleared on edit`);
    }
  } finally {
    await setLanguage('en');
    await cleanup();
  }
});

test.run();
