import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { win } from '../dom.ts';
import { listen, loc, navigate, redirect } from '../../../src/client/router/history.ts';

const stop = listen();

function link(href: string, attrs: Record<string, string> = {}) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  document.body.appendChild(a);
  return a;
}

/** Dispatches a click; returns whether the router took it. Afterwards the browser's own follow-up is stopped,
 * so happy-dom does not really leave the page for an external link. */
function click(el: Element, init: MouseEventInit = {}) {
  // happy-dom's MouseEventInit types relatedTarget without null; the DOM's includes it.
  const e = new win.MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init } as ConstructorParameters<
    typeof win.MouseEvent
  >[1]);
  let taken = false;
  const spy = (ev: Event) => {
    taken = ev.defaultPrevented;
    ev.preventDefault();
  };
  addEventListener('click', spy);
  el.dispatchEvent(e as unknown as Event);
  removeEventListener('click', spy);
  return { defaultPrevented: taken };
}

test('a same-origin link click navigates without reload and slides forward', () => {
  navigate('/home', { replace: true });
  const a = link('/barbers');
  const e = click(a);
  assert.ok(e.defaultPrevented);
  assert.is(location.pathname, '/barbers');
  assert.is(loc.value.path, '/barbers');
  assert.is(loc.value.direction, 'forward');
  a.remove();
});

test('modifier keys, target links, downloads and other origins are left to the browser', () => {
  navigate('/home', { replace: true });
  const cases: [HTMLAnchorElement, MouseEventInit][] = [
    [link('/barbers'), { ctrlKey: true }],
    [link('/barbers'), { metaKey: true }],
    [link('/barbers'), { shiftKey: true }],
    [link('/barbers', { target: '_blank' }), {}],
    [link('/barbers', { download: '' }), {}],
    [link('https://example.org/x'), {}],
  ];
  for (const [a, init] of cases) {
    const e = click(a, init);
    assert.not.ok(e.defaultPrevented, a.outerHTML);
    assert.is(loc.value.path, '/home');
    a.remove();
  }
});

// A click on an element inside a link is covered by the browser test: happy-dom follows such a link itself
// before the window listener runs, which a real browser does not.

test('redirect keeps the query string and replaces the entry', () => {
  history.replaceState(history.state, '', '/?lang=en');
  const before = history.length;
  redirect('/welcome');
  assert.is(location.pathname + location.search, '/welcome?lang=en');
  assert.is(history.length, before);
  redirect('/', false);
  assert.is(loc.value.direction, 'none');
});

test('back navigation slides left', async () => {
  navigate('/home');
  navigate('/barbers');
  history.back();
  await new Promise((r) => setTimeout(r, 20));
  assert.is(loc.value.path, '/home');
  assert.is(loc.value.direction, 'back');
});

test.after(() => stop());
test.run();
