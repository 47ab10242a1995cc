/**
 * The customer's language is stored in the app's code (src/shared/locales.ts), the one the notification texts
 * and locales/ are keyed by: a Norwegian or Danish customer who sends the ISO code (nb, da) is stored as no or dk,
 * not as a code the notifications do not know (which sent them English).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { harness, type Harness } from '../harness.ts';
import { accountsHarness, call, freshPhone, login, newCustomer, registration } from '../accounts-helpers.ts';

let h: Harness;
test.before(async () => {
  h = await accountsHarness();
});
test.after(async () => h.close());

let ip = 0;
/** Registers at the locale's path, logs in and answers the profile as GET /customers/{id}/ shows it. */
async function registeredAt(locale: string, extra: Record<string, unknown>) {
  const phone = freshPhone();
  const address = `10.44.0.${++ip}`;
  const reg = await call(h, { method: 'POST', url: `/api/${locale}/register/`, body: registration(phone, extra), ip: address });
  assert.is(reg.status, 201, JSON.stringify(reg.json));
  const s = await login(h, phone, registration(phone).password, address);
  const profile = await call(h, { url: `/api/${locale}/customers/${s.id}/`, token: s.access });
  assert.is(profile.status, 200);
  return profile.json as { language: string; app_language: string };
}

test('registered in Norwegian and Danish: stored as no and dk, whichever spelling was sent', async () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['no', { language: 'nb' }, 'no', 'no_NO'],
    ['no', { language: 'no' }, 'no', 'no_NO'],
    ['no', {}, 'no', 'no_NO'],
    ['dk', { language: 'da' }, 'dk', 'dk_DK'],
    ['dk', { language: 'dk' }, 'dk', 'dk_DK'],
    ['dk', {}, 'dk', 'dk_DK'],
    ['ee', { language: 'et' }, 'ee', 'ee_EE'],
    ['se', { language: 'sv' }, 'sv', 'sv_SE'],
  ];
  for (const [locale, extra, language, appLanguage] of cases) {
    const p = await registeredAt(locale, extra);
    assert.equal([p.language, p.app_language], [language, appLanguage], `${locale} ${JSON.stringify(extra)}`);
  }
});

test('a profile PATCH with an ISO code stores the app code too', async () => {
  const s = await newCustomer(h);
  for (const [sent, stored] of [
    ['nb', 'no'],
    ['da', 'dk'],
    ['et', 'ee'],
    ['fi', 'fi'],
  ]) {
    const res = await call(h, { method: 'PATCH', url: `/api/fi/customers/${s.id}/`, token: s.access, body: { language: sent } });
    assert.is(res.status, 200);
    assert.is(res.json.language, stored, sent);
    assert.is((await call(h, { url: `/api/fi/customers/${s.id}/`, token: s.access })).json.language, stored, `${sent} read back`);
  }
});

test('an unknown language is still refused and stores nothing', async () => {
  const phone = freshPhone();
  const res = await call(h, { method: 'POST', url: '/api/no/register/', body: registration(phone, { language: 'xx' }), ip: '10.44.1.1' });
  assert.equal([res.status, res.json], [400, { error: 'Invalid language', field: 'language' }]);
});

test('logging in with the UI language stores it: the next SMS comes in that language; an unknown one changes nothing', async () => {
  const s = await newCustomer(h, { language: 'fi' });
  const res = await call(h, {
    method: 'POST',
    url: '/api/fi/login/',
    body: { phone: s.phone, password: registration(s.phone).password, language: 'sv' },
    ip: '10.44.2.1',
  });
  assert.is(res.status, 200);
  assert.is((await call(h, { url: `/api/fi/customers/${s.id}/`, token: res.json.access_token })).json.language, 'sv');
  assert.is((await call(h, { method: 'POST', url: '/api/fi/auth/reset-token/', body: { phone: s.phone }, ip: '10.44.2.1' })).status, 200);
  const sms = (await call(h, { url: `/dev/sms-outbox?to=${encodeURIComponent(s.phone)}` })).json[0].text;
  assert.match(sms, /Din bekräftelsekod/);
  const odd = await call(h, {
    method: 'POST',
    url: '/api/fi/login/',
    body: { phone: s.phone, password: registration(s.phone).password, language: 'xx' },
    ip: '10.44.2.1',
  });
  assert.is(odd.status, 200);
  assert.is((await call(h, { url: `/api/fi/customers/${s.id}/`, token: odd.json.access_token })).json.language, 'sv');
});

test('ALLOWED_LANGUAGES reaches the app: /config.json lists fi, en, ee by default, and Swedish once the setting adds it', async () => {
  const plain = await h.app.inject({ method: 'GET', url: '/config.json' });
  assert.equal(plain.json().allowedLanguages, ['fi', 'en', 'ee']);
  const swedish = await harness({ config: { allowedLanguages: ['fi', 'en', 'ee', 'sv'] } });
  try {
    const res = await swedish.app.inject({ method: 'GET', url: '/config.json' });
    assert.equal(res.json().allowedLanguages, ['fi', 'en', 'ee', 'sv']);
  } finally {
    await swedish.close();
  }
});

test.run();
