/**
 * The prefs cookie at start: the server answers / as a first visit's when it is missing, so the app writes it at
 * every start that finds none (a phone that stored its choices before the cookie existed too), and leaves one it finds.
 */
import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { settle } from '../dom.ts';
import { stubFetch } from '../account-fetch.ts';
import { boot } from '../../../src/client/app/boot.ts';
import { memoryKeyValue, setKeyValueStore } from '../../../src/client/services/storage.ts';
import { reset as resetConfig } from '../../../src/client/state/config.ts';
import { reset as resetPrefs } from '../../../src/client/state/prefs.ts';

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test reads and clears what the app wrote.
  document.cookie = 'prefs=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
};

/** Boots as a page load of /home on a phone that stored Swedish and SE (before the cookie existed), then runs the late part. */
async function start() {
  resetConfig();
  resetPrefs();
  const store = memoryKeyValue();
  await store.set('locale', 'SE');
  await store.set('language', 'sv');
  setKeyValueStore(store);
  history.replaceState(null, '', '/home');
  stubFetch({
    'GET /config.json': {
      body: {
        development: true,
        clientEventsPerMinute: 10,
        allowedLanguages: ['fi', 'en', 'sv'],
        apiBases: { FI: '/api/fi', SE: '/api/se' },
      },
    },
  });
  const late = await boot();
  late();
  await settle(5);
}

test.after.each(clearCookie);

test('a start that finds no prefs cookie writes one with the stored language and locale', async () => {
  clearCookie();
  assert.not.match(document.cookie, /prefs=\w/);
  await start();
  assert.match(document.cookie, /(^|; )prefs=sv\.SE(;|$)/, `cookie: ${document.cookie}`);
});

test('a start that finds the cookie leaves it as it is', async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: a cookie written on an earlier visit.
  document.cookie = 'prefs=en.FI; path=/';
  await start();
  assert.match(document.cookie, /(^|; )prefs=en\.FI(;|$)/);
});

test.run();
