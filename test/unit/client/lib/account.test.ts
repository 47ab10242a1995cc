import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WIRE_ERRORS } from '../../../../src/shared/wire-errors.ts';
import { bonusMode, dateOnlyToIso, isAndroidChrome, isPhoneError, landingPath, serverTextKey } from '../../../../src/client/lib/account.ts';

test('landingPath: /tracking with an active order, else /home', () => {
  const cases: [Parameters<typeof landingPath>[0], string][] = [
    [{ active_order_id: 12 }, '/tracking'],
    [{ active_order_id: null }, '/home'],
    [{}, '/home'],
    [null, '/home'],
    [{ active_order_id: 0 }, '/home'],
  ];
  for (const [profile, want] of cases) assert.is(landingPath(profile), want, JSON.stringify(profile));
});

test('serverTextKey: the exact server texts the app knows, and nothing else', () => {
  const cases: [string | null, string | null][] = [
    ['Invalid phone number', 'account.server.invalidPhone'],
    ['Password too weak', 'account.server.passwordTooWeak'],
    ['Missing password parameter', 'account.server.missingPassword'],
    ['Missing token parameter', 'account.server.missingToken'],
    ['Missing phone parameter', 'account.server.missingPhone'],
    ['User not found', 'account.server.userNotFound'],
    ['Invalid or expired code', 'account.server.invalidCode'],
    ['An account with this phone number already exists', 'account.server.phoneTaken'],
    [' Password too weak ', 'account.server.passwordTooWeak'],
    ['password too weak', null],
    ['Something else', null],
    [null, null],
  ];
  for (const [text, want] of cases) assert.is(serverTextKey(text), want, String(text));
});

test('serverTextKey: the HTTP-level texts (503 busy or restarting, 413, 408 …) are translated in every language', () => {
  for (const key of [
    'badRequest',
    'invalidUrl',
    'urlTooLong',
    'invalidBody',
    'bodyTooLarge',
    'unsupportedMediaType',
    'headersTooLarge',
    'requestTimeout',
    'notFound',
    'internal',
    'restarting',
    'busy',
    'tooManyConnections',
  ] as const) {
    assert.is(serverTextKey(WIRE_ERRORS[key]), `account.server.${key}`, key);
    for (const lang of ['en', 'fi', 'sv', 'no', 'dk', 'ee', 'de']) {
      const dict = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../locales', `${lang}.json`), 'utf8'));
      const text: unknown = dict.account.server[key];
      assert.ok(typeof text === 'string' && text.length > 0, `${lang}: account.server.${key}`);
    }
  }
});

test('serverTextKey: every wire-contract text (src/shared/wire-errors.ts) is translated in all 7 languages, never left in English', () => {
  const dicts = Object.fromEntries(
    ['en', 'fi', 'sv', 'no', 'dk', 'ee', 'de'].map((lang) => [
      lang,
      JSON.parse(readFileSync(join(import.meta.dirname, '../../../../locales', `${lang}.json`), 'utf8')),
    ]),
  );
  for (const key of Object.keys(WIRE_ERRORS) as (keyof typeof WIRE_ERRORS)[]) {
    assert.is(serverTextKey(WIRE_ERRORS[key]), `account.server.${key}`, key);
    for (const [lang, dict] of Object.entries(dicts)) {
      const text: unknown = dict.account.server[key];
      assert.ok(typeof text === 'string' && text.length > 0, `${lang}: account.server.${key}`);
      if (lang !== 'en') assert.is.not(text, dicts.en.account.server[key], `${lang}: account.server.${key} is a translation`);
      if (lang !== 'en') assert.is.not(text, WIRE_ERRORS[key], `${lang}: account.server.${key} is not the wire text`);
    }
  }
});

test('the refusals a customer meets on joining and changing an order (the recorded goldens) are wire texts, translated', () => {
  const dir = join(import.meta.dirname, '../../../server/goldens');
  const refusals = readdirSync(dir)
    .filter((f) => f.startsWith('error-'))
    .map(
      (f) =>
        JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
          status: number;
          request: { url: string };
          body: { error: string; field?: string };
        },
    )
    .filter((g) => g.status === 409 && /\/customers\/\d+\/orders\//.test(g.request.url));
  assert.ok(refusals.length >= 4, `${refusals.length} recorded`);
  for (const g of refusals) assert.ok(serverTextKey(g.body.error), `${g.request.url}: '${g.body.error}' has no translation`);
  for (const text of [
    'The queue is full',
    'The shop is closed',
    'Order is not active',
    'Order is already in service',
    'Barber is not on shift at this shop',
  ]) {
    assert.ok(serverTextKey(text), text);
  }
});

test('isPhoneError: the phone-missing and invalid-phone texts, or a phone field', () => {
  assert.ok(isPhoneError('Missing phone parameter'));
  assert.ok(isPhoneError('Invalid phone number'));
  assert.ok(isPhoneError('whatever', 'phone'));
  assert.not.ok(isPhoneError('Missing token parameter', 'token'));
  assert.not.ok(isPhoneError('Password too weak'));
  assert.not.ok(isPhoneError(null));
});

test('bonusMode: bonus locales first, then teaser locales, else none', () => {
  const defaults = { bonusLocales: [], teaserLocales: ['FI'] };
  assert.is(bonusMode('FI', defaults), 'teaser');
  assert.is(bonusMode('EE', defaults), 'none');
  assert.is(bonusMode('NO', defaults), 'none');
  assert.is(bonusMode('EE', { bonusLocales: ['EE'], teaserLocales: ['FI'] }), 'bonus');
  assert.is(bonusMode('FI', { bonusLocales: ['FI'], teaserLocales: ['FI'] }), 'bonus');
});

test('isAndroidChrome: only Chrome on Android', () => {
  const cases: [string, boolean][] = [
    ['Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', true],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.0.0',
      false,
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; Pixel 7; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36',
      false,
    ],
    ['Mozilla/5.0 (Android 13; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0', false],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
      false,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', false],
  ];
  for (const [ua, want] of cases) assert.is(isAndroidChrome(ua), want, ua);
});

test('dateOnlyToIso: a calendar date becomes noon UTC; other values pass through', () => {
  assert.is(dateOnlyToIso('2026-12-31'), '2026-12-31T12:00:00Z');
  assert.is(dateOnlyToIso('2026-12-31T10:00:00Z'), '2026-12-31T10:00:00Z');
  assert.is(dateOnlyToIso(null), null);
});

test.run();
