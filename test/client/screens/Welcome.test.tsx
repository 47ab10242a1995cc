import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fire, render, settle, text, win } from '../dom.ts';
import Welcome from '../../../src/client/screens/Welcome/index.tsx';
import { Tutorial } from '../../../src/client/components/Tutorial/index.tsx';
import { reset as resetWelcome } from '../../../src/client/state/welcome.ts';
import { reset as resetPrefs, welcomeSeen } from '../../../src/client/state/prefs.ts';
import { geo, reset as resetGeo } from '../../../src/client/state/geo.ts';
import { setLanguage } from '../../../src/client/state/i18n.ts';
import { reset as resetNotices } from '../../../src/client/state/notices.ts';
import { listen, navigate } from '../../../src/client/router/history.ts';

await setLanguage('en');
const stopRouter = listen();

const UA = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};
const realMatchMedia = globalThis.matchMedia;

function device({ standalone = false, ua = UA.desktop } = {}) {
  globalThis.matchMedia = ((query: string) => ({
    matches: standalone && query.includes('standalone'),
    media: query,
  })) as unknown as typeof matchMedia;
  Object.defineProperty(navigator, 'userAgent', { get: () => ua, configurable: true });
}

const slides = (el: Element) => [...el.querySelectorAll('.welcome-slide')];
const currentDot = (el: Element) => [...el.querySelectorAll('.welcome-dot')].findIndex((d) => d.getAttribute('aria-current') === 'step');
const currentSlide = (el: Element) => el.querySelector('.welcome-slide:not([inert])')!;
const link = (el: Element, label: string) => [...el.querySelectorAll('a')].find((a) => text(a) === label)!;

test.before.each(() => {
  resetWelcome();
  resetPrefs();
  resetGeo();
  navigate('/welcome', { replace: true });
});
test.after.each(async () => {
  await cleanup();
  globalThis.matchMedia = realMatchMedia;
});

test('4 slides in a browser, 3 when running standalone (no install help)', async () => {
  device();
  let el = await render(<Welcome params={{}} />);
  assert.is(slides(el).length, 4);
  assert.is(el.querySelectorAll('.welcome-dot').length, 4);
  assert.ok(el.querySelector('[data-slide="install"]'));

  device({ standalone: true });
  el = await render(<Welcome params={{}} />);
  assert.is(slides(el).length, 3);
  assert.is(el.querySelectorAll('.welcome-dot').length, 3);
  assert.not.ok(el.querySelector('[data-slide="install"]'));
});

test('install instructions follow the user agent: iOS, Android, or both when unknown', async () => {
  const headings = async (ua: string) => {
    device({ ua });
    const el = await render(<Welcome params={{}} />);
    return [...el.querySelectorAll('[data-slide="install"] h3')].map((h) => text(h));
  };
  assert.equal(await headings(UA.ios), ['iPhone and iPad']);
  assert.equal(await headings(UA.android), ['Android']);
  assert.equal(await headings(UA.desktop), ['iPhone and iPad', 'Android']);
});

test('tapping the slide advances; dots, arrow keys and swipes move too', async () => {
  device();
  const el = await render(<Welcome params={{}} />);
  assert.is(currentDot(el), 0);
  assert.is(text(currentSlide(el).querySelector('h2')), 'Skip the waiting room');

  await fire.click(currentSlide(el));
  assert.is(currentDot(el), 1, 'tap to next');
  assert.is(currentSlide(el).getAttribute('data-slide'), 'product');

  await fire.click(el.querySelectorAll('.welcome-dot')[3]);
  assert.is(currentDot(el), 3, 'dot');
  await fire.click(currentSlide(el));
  assert.is(currentDot(el), 3, 'the last slide stays');

  const { act } = await import('react');
  await act(async () => {
    el.querySelector('.welcome-dot')!.dispatchEvent(
      new win.KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }) as unknown as Event,
    );
  });
  assert.is(currentDot(el), 2, 'arrow left');

  const pointer = (type: string, x: number) =>
    act(async () => {
      el.querySelector('.welcome-carousel')!.dispatchEvent(new win.PointerEvent(type, { clientX: x, bubbles: true }) as unknown as Event);
    });
  await pointer('pointerdown', 300);
  await pointer('pointerup', 120);
  assert.is(currentDot(el), 3, 'swipe left goes forward');
  await pointer('pointerdown', 100);
  await pointer('pointerup', 260);
  await fire.click(currentSlide(el)); // the click that ends a swipe is not a tap
  assert.is(currentDot(el), 2, 'swipe right goes back');
});

test('the account slide links to /register and /recovery; a language link is always there', async () => {
  device();
  const el = await render(<Welcome params={{}} />);
  const account = el.querySelector('[data-slide="account"]')!;
  assert.ok(account.querySelector('a[href="/register"]'));
  assert.ok(account.querySelector('a[href="/recovery"]'));
  assert.ok(el.querySelector('a[href="/profile/language"]'), 'language link');
});

test("'Find a barber' shows the tutorial; finishing it marks the welcome seen and goes to /", async () => {
  device();
  history.replaceState(null, '', '/welcome');
  const el = await render(<Welcome params={{}} />);
  assert.is(welcomeSeen.value, false);
  const find = link(el, 'Find a barber');
  assert.is(find.getAttribute('href'), '/');
  await fire.click(find);
  assert.ok(el.querySelector('[role="dialog"].tutorial'), 'the tutorial opens');
  assert.is(welcomeSeen.value, false);
  assert.is(location.pathname, '/welcome');
  const button = (label: string) => [...el.querySelectorAll('.tutorial button')].find((b) => text(b) === label)!;
  await fire.click(button('Next'));
  await fire.click(button('Next'));
  await fire.click(button('Continue without locating'));
  assert.not.ok(el.querySelector('.tutorial'));
  assert.is(welcomeSeen.value, true);
  assert.is(location.pathname, '/');
});

test("'Log in' also marks the welcome seen and goes to /login", async () => {
  device();
  const el = await render(<Welcome params={{}} />);
  await fire.click(link(el, 'Log in'));
  assert.is(welcomeSeen.value, true);
  assert.is(location.pathname, '/login');
});

test('the tutorial: three slides, then locate me or continue without locating', async () => {
  let done = 0;
  const el = await render(<Tutorial onDone={() => done++} />);
  assert.is(text(el.querySelector('h2')), 'Choose a shop and services');
  await fire.click([...el.querySelectorAll('button')].find((b) => text(b) === 'Next')!);
  assert.is(text(el.querySelector('h2')), 'Follow your waiting time');
  await fire.click([...el.querySelectorAll('button')].find((b) => text(b) === 'Next')!);
  assert.is(text(el.querySelector('h2')), 'Locate yourself');
  assert.ok(text(el).includes('Step 3 of 3'));

  await fire.click([...el.querySelectorAll('button')].find((b) => text(b) === 'Continue without locating')!);
  assert.is(done, 1);
  assert.is(geo.value.status, 'idle', 'no location asked');

  await fire.click([...el.querySelectorAll('button')].find((b) => text(b) === 'Locate me')!);
  assert.is(done, 2);
  assert.is.not(geo.value.status, 'idle', 'location asked');
  await settle();
});

test.after(() => {
  stopRouter();
  resetNotices(); // the location notice's timer
});
test.run();
