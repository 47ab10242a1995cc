import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, cleanup } from '../dom.ts';
import { Nav, navItems } from '../../../src/client/app/Nav.tsx';

test('logged out: home, barbers, login; logged in: home, barbers, profile, and bonus only where offered', () => {
  const hrefs = (loggedIn: boolean, bonus: boolean) => navItems(loggedIn, bonus).map((i) => i.href);
  assert.equal(hrefs(false, true), ['/home', '/barbers', '/login']);
  assert.equal(hrefs(true, false), ['/home', '/barbers', '/profile']);
  assert.equal(hrefs(true, true), ['/home', '/barbers', '/bonus', '/profile']);
});

test('exactly one item is current, by path segment', async () => {
  const table: [string, string][] = [
    ['/', '/home'],
    ['/home', '/home'],
    ['/barbershop/3', '/home'],
    ['/tracking', '/home'],
    ['/barbers', '/barbers'],
    ['/barbers/12', '/barbers'],
    ['/barber/12', '/barbers'],
  ];
  for (const [path, want] of table) {
    const el = await render(<Nav path={path} />);
    const current = [...el.querySelectorAll('a[aria-current="page"]')].map((a) => a.getAttribute('href'));
    assert.equal(current, [want], path);
  }
  await cleanup();
});

test.run();
