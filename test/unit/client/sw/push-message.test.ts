import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pushNotice } from '../../../../src/client/sw/push-message.ts';

const O = 'https://app.example';

test('an FCM message: title, body, its link, one notice per order', () => {
  const payload = {
    notification: { title: 'Your turn soon', body: 'About 5 minutes' },
    data: { order_id: '40', kind: 'near' },
    fcmOptions: { link: '/tracking' },
  };
  assert.equal(pushNotice(payload, O, 'App'), { title: 'Your turn soon', body: 'About 5 minutes', link: '/tracking', tag: 'order-40' });
});

test('links: same-origin kept (absolute or relative), others fall back to tracking', () => {
  const cases: Array<[unknown, string]> = [
    ['/barbershop/2', '/barbershop/2'],
    [`${O}/tracking?x=1`, '/tracking?x=1'],
    ['https://evil.example/phish', '/tracking'],
    ['', '/tracking'],
    [42, '/tracking'],
    [undefined, '/tracking'],
  ];
  for (const [link, want] of cases) assert.is(pushNotice({ fcmOptions: { link } }, O, 'App').link, want, String(link));
});

test('unreadable payloads still give a notice with the fallback title', () => {
  for (const payload of [null, 'text', 7, {}, { notification: { title: 3 } }]) {
    const n = pushNotice(payload, O, 'Walk-in Barbers');
    assert.is(n.title, 'Walk-in Barbers', JSON.stringify(payload));
    assert.is(n.body, '');
    assert.is(n.tag, 'walkin');
  }
});

test.run();
