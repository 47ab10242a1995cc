import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { guard, match, showsNav, withQuery } from '../../../../src/client/router/match.ts';
import { ROUTES } from '../../../../src/client/router/routes.ts';

test('route table: every path reaches its screen', () => {
  const table: [string, string, Record<string, string>][] = [
    ['/', 'Gate', {}],
    ['/home', 'Home', {}],
    ['/barbershop/12', 'Shop', { id: '12' }],
    ['/barbershop/12/review', 'Shop', { id: '12' }], // prefix match
    ['/barbers', 'Barbers', {}],
    ['/barbers/7', 'Barber', { id: '7' }],
    ['/barber/7', 'Barber', { id: '7' }],
    ['/login', 'Login', {}],
    ['/register', 'Register', {}],
    ['/recovery', 'Recovery', {}],
    ['/welcome', 'Welcome', {}],
    ['/profile/language', 'Language', {}],
    ['/profile', 'Profile', {}],
    ['/profile/history', 'History', {}],
    ['/tracking', 'Tracking', {}],
    ['/barbershop', 'NotFound', {}],
    ['/no/such/page', 'NotFound', {}],
    ['/homes', 'NotFound', {}],
  ];
  for (const [path, screen, params] of table) {
    const m = match(ROUTES, path);
    assert.is(m.route.screen, screen, path);
    assert.equal(m.params, params, path);
  }
});

test('params are decoded and a bad escape does not match', () => {
  assert.equal(match(ROUTES, '/barbers/a%20b').params, { id: 'a b' });
  assert.is(match(ROUTES, '/barbers/%E0%A4%A').route.screen, 'NotFound');
});

test('guard: guarded routes send logged-out users to / without animation', () => {
  const guarded = [
    '/tracking',
    '/receipt',
    '/bonus',
    '/profile',
    '/profile/messages',
    '/profile/email',
    '/profile/email-permission',
    '/profile/credits',
    '/profile/password',
    '/profile/notifications',
    '/profile/history',
  ];
  for (const path of guarded) {
    const route = match(ROUTES, path).route;
    assert.equal(guard(route, false), { to: '/', animate: false }, path);
    assert.is(guard(route, true), null, path);
  }
  for (const path of ['/', '/home', '/barbers', '/login', '/profile/language', '/welcome'])
    assert.is(guard(match(ROUTES, path).route, false), null, path);
});

test('redirects keep the query string', () => {
  const table: [string, string, string][] = [
    ['/tracking', '?lang=en', '/tracking?lang=en'],
    ['/tracking', 'lang=en', '/tracking?lang=en'],
    ['/welcome', '', '/welcome'],
    ['/welcome', '?', '/welcome'],
    ['/home?x=1', '?lang=en', '/home?x=1'],
  ];
  for (const [to, search, want] of table) assert.is(withQuery(to, search), want);
});

test('navigation bar paths', () => {
  const table: [string, boolean][] = [
    ['/', true],
    ['/home', true],
    ['/barbershop/3', true],
    ['/barbers', true],
    ['/profile/email', true],
    ['/tracking', true],
    ['/bonus', true],
    ['/login', false],
    ['/register', false],
    ['/welcome', false],
    ['/recovery', false],
    ['/nope', false],
  ];
  for (const [path, want] of table) assert.is(showsNav(path), want, path);
});

test.run();
