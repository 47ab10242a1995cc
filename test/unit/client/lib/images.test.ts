import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chairLabel, fallbackShopImage, headerImageHeight } from '../../../../src/client/lib/images.ts';

test('fallbackShopImage: 12 images by id modulo 12', () => {
  const cases: Array<[number, string]> = [
    [0, '/images/shops/0.svg'],
    [7, '/images/shops/7.svg'],
    [11, '/images/shops/11.svg'],
    [12, '/images/shops/0.svg'],
    [25, '/images/shops/1.svg'],
    [-1, '/images/shops/11.svg'],
  ];
  for (const [id, want] of cases) assert.is(fallbackShopImage(id), want, String(id));
});

test('headerImageHeight: 230 under 768, 250 under 900, else 325', () => {
  const cases: Array<[number, number]> = [
    [500, 230],
    [767, 230],
    [768, 250],
    [899, 250],
    [900, 325],
    [1400, 325],
  ];
  for (const [h, want] of cases) assert.is(headerImageHeight(h), want, String(h));
});

test('chairLabel: hidden for 0, singular for 1', () => {
  const cases: Array<[number, 'none' | 'one' | 'many']> = [
    [0, 'none'],
    [-1, 'none'],
    [NaN, 'none'],
    [1, 'one'],
    [2, 'many'],
    [8, 'many'],
  ];
  for (const [n, want] of cases) assert.is(chairLabel(n), want, String(n));
});

test.run();
