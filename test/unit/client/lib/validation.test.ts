import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  dialCode,
  isEmail,
  isRecoveryFresh,
  isStrongPassword,
  isValid,
  normalisePhone,
  validateLogin,
} from '../../../../src/client/lib/validation.ts';
import {
  validatePasswordChange,
  validateRecovery,
  validateRegistration,
  type RegistrationForm,
} from '../../../../src/shared/account-rules.ts';

test('isStrongPassword: 8+ chars, upper, lower, digit', () => {
  const cases: Array<[string, boolean]> = [
    ['Abcdefg1', true],
    ['Abcdef1', false], // 7 characters
    ['abcdefg1', false], // no upper
    ['ABCDEFG1', false], // no lower
    ['Abcdefgh', false], // no digit
    ['Äöäöäöä1', true], // Finnish letters count
    ['', false],
  ];
  for (const [pw, want] of cases) assert.is(isStrongPassword(pw), want, pw);
});

test('isEmail: simple pattern with a TLD of 2+ chars', () => {
  const cases: Array<[string, boolean]> = [
    ['mikko@example.fi', true],
    ['m.k+tag@mail.example.com', true],
    [' mikko@example.fi ', true],
    ['mikko@example.f', false],
    ['mikko@example', false],
    ['mikko example.fi', false],
    ['@example.fi', false],
    ['mikko@@example.fi', false],
    ['', false],
  ];
  for (const [email, want] of cases) assert.is(isEmail(email), want, email);
});

const form = (over: Partial<RegistrationForm> = {}): RegistrationForm => ({
  countryCode: '+358',
  phone: '401234',
  password: 'Abcdefg1',
  firstname: 'Mikko',
  lastname: 'Korhonen',
  email: 'mikko@example.fi',
  terms_accepted: true,
  ...over,
});

test('validateRegistration: per-field error keys', () => {
  const cases: Array<[string, RegistrationForm, Record<string, string>]> = [
    ['valid', form(), {}],
    ['phone of 5', form({ phone: '40123' }), { phone: 'validation.phone' }],
    ['phone of 6 with spaces trimmed', form({ phone: ' 40123 ' }), { phone: 'validation.phone' }],
    ['weak password', form({ password: 'abcdefgh' }), { password: 'validation.password' }],
    ['common password that meets the composition rule', form({ password: 'Salasana1' }), { password: 'validation.passwordCommon' }],
    ['common password in another case', form({ password: 'pASSWORD1' }), { password: 'validation.passwordCommon' }],
    ['password of 128', form({ password: `Aa1${'x'.repeat(125)}` }), {}],
    ['password of 129', form({ password: `Aa1${'x'.repeat(126)}` }), { password: 'validation.passwordLong' }],
    ['names of 100', form({ firstname: 'a'.repeat(100), lastname: 'b'.repeat(100) }), {}],
    [
      'names of 255',
      form({ firstname: 'a'.repeat(255), lastname: ` ${'b'.repeat(101)} ` }),
      { firstname: 'validation.nameLong', lastname: 'validation.nameLong' },
    ],
    ['email of 255', form({ email: `${'m'.repeat(244)}@example.fi` }), { email: 'validation.email' }],
    ['blank names', form({ firstname: ' ', lastname: '' }), { firstname: 'validation.firstname', lastname: 'validation.lastname' }],
    ['bad email', form({ email: 'mikko@x.y' }), { email: 'validation.email' }],
    ['terms not accepted', form({ terms_accepted: false }), { terms: 'validation.terms' }],
    [
      'empty form',
      form({ phone: '', password: '', firstname: '', lastname: '', email: '', terms_accepted: false }),
      {
        firstname: 'validation.firstname',
        lastname: 'validation.lastname',
        phone: 'validation.phone',
        password: 'validation.password',
        email: 'validation.email',
        terms: 'validation.terms',
      },
    ],
  ];
  for (const [name, f, want] of cases) assert.equal(validateRegistration(f), want, name);
});

test('validateLogin: phone and password required', () => {
  const cases: Array<[string, string, Record<string, string>]> = [
    ['+358401234567', 'x', {}],
    ['', 'x', { phone: 'validation.phone' }],
    ['+358401234567', '', { password: 'validation.password' }],
  ];
  for (const [phone, password, want] of cases) assert.equal(validateLogin({ phone, password }), want, `${phone}|${password}`);
});

test('validateRecovery: code, strong password, matching repeat', () => {
  const cases: Array<[string, string, string, Record<string, string>]> = [
    ['123456', 'Abcdefg1', 'Abcdefg1', {}],
    ['', 'Abcdefg1', 'Abcdefg1', { token: 'validation.code' }],
    ['123456', 'short1A', 'short1A', { password: 'validation.passwordStrength' }],
    ['123456', 'Salasana1', 'Salasana1', { password: 'validation.passwordCommon' }],
    ['123456', 'Abcdefg1', 'Abcdefg2', { repeat: 'validation.passwordRepeat' }],
  ];
  for (const [token, password, repeat, want] of cases)
    assert.equal(validateRecovery({ token, password, repeat }), want, `${token}|${password}|${repeat}`);
});

test('isRecoveryFresh: valid for one hour from sending', () => {
  const sent = 1_700_000_000_000;
  const cases: Array<[number, boolean]> = [
    [sent, true],
    [sent + 3_599_999, true],
    [sent + 3_600_000, false],
    [sent - 1, false], // clock went back: treat as stale
  ];
  for (const [now, want] of cases) assert.is(isRecoveryFresh(sent, now), want, String(now - sent));
});

test('validatePasswordChange: old required, new strong, confirm equal', () => {
  const cases: Array<[string, string, string, Record<string, string>]> = [
    ['old', 'Abcdefg1', 'Abcdefg1', {}],
    ['', 'Abcdefg1', 'Abcdefg1', { old_password: 'validation.oldPassword' }],
    ['old', 'abcdefgh', 'abcdefgh', { new_password: 'validation.newPassword' }],
    ['old', 'Salasana1', 'Salasana1', { new_password: 'validation.passwordCommon' }],
    ['old', 'Abcdefg1', 'Abcdefg', { confirm: 'validation.passwordMismatch' }],
  ];
  for (const [o, n, c, want] of cases) {
    const errors = validatePasswordChange({ old_password: o, new_password: n, confirm: c });
    assert.equal(errors, want, `${o}|${n}|${c}`);
    assert.is(isValid(errors), Object.keys(want).length === 0, `${o}|${n}|${c}: isValid`);
  }
});

test('dialCode: Finland +358, Estonia +372, else +358', () => {
  const cases: Array<[string | null, string]> = [
    ['FI', '+358'],
    ['EE', '+372'],
    ['ee', '+372'],
    ['SE', '+358'],
    ['', '+358'],
    [null, '+358'],
  ];
  for (const [country, want] of cases) assert.is(dialCode(country), want, String(country));
});

test('normalisePhone: dial code plus digits without the trunk 0', () => {
  const cases: Array<[string, string, string]> = [
    ['+358', '040 123 4567', '+358401234567'],
    ['+358', '401234567', '+358401234567'],
    ['+372', '5123-4567', '+37251234567'],
    ['358', '(040) 123 4567', '+358401234567'],
    ['+358', '+372 5123 4567', '+37251234567'],
    ['+358', '00372 5123 4567', '+37251234567'],
  ];
  for (const [dial, n, want] of cases) assert.is(normalisePhone(dial, n), want, `${dial} ${n}`);
});

test.run();
