/** The request-status factory (state/request.ts) and the e-mail forms' show rule of createForm. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../src/client/services/http.ts';
import { createForm } from '../../../src/client/state/account-form.ts';
import { createRequest } from '../../../src/client/state/request.ts';

const refused = () => Promise.reject(new ApiError(500, 'Server says no'));

test('a read: pending while nothing is shown, then its data; a failed refresh keeps the data', async () => {
  const r = createRequest<number[]>([], (list) => list.length > 0);
  assert.is(r.status.value, 'idle');
  let answer!: (v: number[]) => void;
  const running = r.run(() => new Promise((done) => (answer = done)));
  assert.is(r.status.value, 'pending');
  answer([1, 2]);
  assert.is(await running, true);
  assert.equal(r.data.value, [1, 2]);
  assert.is(r.status.value, 'fulfilled');
  assert.is(await r.run(refused), false);
  assert.equal(r.data.value, [1, 2], 'kept');
  assert.is(r.status.value, 'fulfilled');
  assert.is(r.error.value, null);
});

test('a failure with nothing to show is rejected with the answer’s error text; reset empties it', async () => {
  const r = createRequest<number[]>([], (list) => list.length > 0);
  assert.is(await r.run(refused), false);
  assert.is(r.status.value, 'rejected');
  assert.is(r.error.value, 'Server says no');
  r.reset();
  assert.is(r.status.value, 'idle');
  assert.is(r.error.value, null);
});

test('an answer for a session that ended meanwhile changes nothing', async () => {
  const r = createRequest<number[]>([], (list) => list.length > 0);
  assert.is(
    await r.run(
      () => Promise.resolve([3]),
      () => false,
    ),
    false,
  );
  assert.equal(r.data.value, []);
  assert.is(r.status.value, 'pending');
});

test("createForm show 'settled': an error only while the field has input, is not focused and is invalid", () => {
  const form = createForm<{ email: string }, 'email'>(
    () => ({ email: '' }),
    (v) => (v.email.includes('@') ? {} : { email: 'validation.email' }),
    { show: 'settled' },
  );
  assert.is(form.shown('email'), undefined, 'empty');
  assert.not.ok(form.valid.value);
  form.focus('email');
  form.set('email', 'matti');
  assert.is(form.shown('email'), undefined, 'focused');
  form.blur('email');
  assert.is(form.shown('email'), 'validation.email');
  form.focus('email');
  assert.is(form.shown('email'), undefined, 'focused again');
  form.set('email', 'matti@example.com');
  form.blur('email');
  assert.is(form.shown('email'), undefined, 'valid');
  assert.ok(form.valid.value);
  form.reset();
});

test.run();
