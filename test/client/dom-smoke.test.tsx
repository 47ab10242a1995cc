import './dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, cleanup, text } from './dom.ts';
import NotFound from '../../src/client/screens/NotFound/index.tsx';

test('the 404 page links back home', async () => {
  const el = await render(<NotFound />);
  assert.is(el.querySelector('a')?.getAttribute('href'), '/home');
  assert.ok(text(el).includes('404'));
  await cleanup();
});

test.run();
