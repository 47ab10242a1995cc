import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { harness, type Harness } from '../harness.ts';
import { seedDemo } from '../../../src/server/seed/index.ts';
import { call, customer, helsinki, item, menu, operatorKey, relogin } from '../queue-helpers.ts';
import { fcmConfigFrom, type FcmConfig } from '../../../src/server/config-values.ts';
import { fcmSender, PushError, serviceAccountToken } from '../../../src/server/notify/push.ts';
import type { SmsProvider } from '../../../src/server/notify/sms.ts';
import { checkTurns } from '../../../src/server/queue/turns.ts';
import { notifyEnded } from '../../../src/server/notify/ended.ts';
import { loadConfig } from '../../../src/server/config.ts';

// A local fake of Google's OAuth token endpoint and the FCM HTTP v1 send endpoint.
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const PROJECT = 'demo-project';
const EMAIL = 'push@demo-project.iam.gserviceaccount.com';

interface Sent {
  bearer: string;
  message: { token: string; notification: { title: string; body: string }; data?: Record<string, string>; webpush?: unknown };
}

const fake = {
  base: '',
  tokensIssued: 0,
  sent: [] as Sent[],
  /** Bearers the send endpoint answers 401 to (revoked). */
  revoked: new Set<string>(),
  failNext: 0,
};
let server: Server;
/** The clock the token endpoint checks assertions against: the server's own (a suite's harness clock). */
let fakeNow: () => number = Date.now;

const read = (req: IncomingMessage) =>
  new Promise<string>((done) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => done(s));
  });

async function startFake() {
  const publicKey = await importSPKI(keys.publicKey, 'RS256');
  server = createServer(async (req, res) => {
    const body = await read(req);
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.url === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return json(400, { error: 'unsupported_grant_type' });
      try {
        // Checked against the clock the server signs with (the suites' harness clock, else the real one): Google's own
        // check uses real time, but here the server lives at the test's moment, and real time passing its hour must not fail it.
        const { payload } = await jwtVerify(form.get('assertion')!, publicKey, {
          issuer: EMAIL,
          audience: `${fake.base}/token`,
          currentDate: new Date(fakeNow()),
        });
        if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') return json(400, { error: 'invalid_scope' });
      } catch {
        return json(400, { error: 'invalid_grant' });
      }
      return json(200, { access_token: `at-${++fake.tokensIssued}`, expires_in: 3600, token_type: 'Bearer' });
    }
    if (req.url === `/v1/projects/${PROJECT}/messages:send` && req.method === 'POST') {
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!bearer.startsWith('at-') && bearer !== 'static-token') return json(401, { error: { status: 'UNAUTHENTICATED' } });
      if (fake.revoked.has(bearer)) return json(401, { error: { status: 'UNAUTHENTICATED' } });
      if (fake.failNext > 0) {
        fake.failNext--;
        return json(500, { error: { status: 'INTERNAL' } });
      }
      const { message } = JSON.parse(body);
      if (message.token === 'dead-token')
        return json(404, {
          error: {
            status: 'NOT_FOUND',
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
          },
        });
      fake.sent.push({ bearer, message });
      return json(200, { name: `projects/${PROJECT}/messages/${fake.sent.length}` });
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  fake.base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const serviceAccount = () => ({ client_email: EMAIL, private_key: keys.privateKey, token_uri: `${fake.base}/token`, project_id: PROJECT });

const sender = suite('FCM HTTP v1 sender');
sender.before(startFake);

sender('sends with an OAuth token from the service account, cached across messages', async () => {
  const before = fake.tokensIssued;
  const push = fcmSender({ endpoint: fake.base, projectId: PROJECT, token: serviceAccountToken(serviceAccount()) });
  assert.is(await push.send({ token: 'device-1', title: 'T', body: 'B', data: { order_id: '7' }, link: '/tracking' }), 'sent');
  assert.is(await push.send({ token: 'device-2', title: 'T2', body: 'B2' }), 'sent');
  assert.is(fake.tokensIssued, before + 1, 'one token for both');
  const [a, b] = fake.sent.slice(-2);
  assert.equal(a.message, {
    token: 'device-1',
    notification: { title: 'T', body: 'B' },
    data: { order_id: '7' },
    webpush: { fcm_options: { link: '/tracking' } },
  });
  assert.is(b.message.token, 'device-2');
  assert.is(a.bearer, b.bearer);
});

sender('a revoked bearer is replaced once; dead device tokens and failures are told apart', async () => {
  const push = fcmSender({ endpoint: fake.base, projectId: PROJECT, token: serviceAccountToken(serviceAccount()) });
  await push.send({ token: 'device-3', title: 'T', body: 'B' });
  fake.revoked.add(fake.sent[fake.sent.length - 1].bearer);
  const issued = fake.tokensIssued;
  assert.is(await push.send({ token: 'device-4', title: 'T', body: 'B' }), 'sent');
  assert.is(fake.tokensIssued, issued + 1);
  assert.is(await push.send({ token: 'dead-token', title: 'T', body: 'B' }), 'unregistered');
  fake.failNext = 1;
  try {
    await push.send({ token: 'device-5', title: 'T', body: 'B' });
    assert.unreachable('should have thrown');
  } catch (err) {
    assert.instance(err, PushError);
  }
  const unreachable = fcmSender({ endpoint: 'http://127.0.0.1:9', projectId: PROJECT, token: async () => 'static-token', timeoutMs: 2000 });
  try {
    await unreachable.send({ token: 'x', title: 'T', body: 'B' });
    assert.unreachable('should have thrown');
  } catch (err) {
    assert.instance(err, PushError);
  }
});

sender('configuration: push is off without a project and credentials', () => {
  const read = () => JSON.stringify(serviceAccount());
  assert.is(fcmConfigFrom({}, read, null), null);
  assert.is(fcmConfigFrom({ FCM_PROJECT_ID: 'p' }, read, null), null, 'a project but no credentials');
  const fromJson = fcmConfigFrom({ FCM_SERVICE_ACCOUNT: JSON.stringify(serviceAccount()), FCM_ENDPOINT: fake.base }, read, null)!;
  assert.is(fromJson.projectId, PROJECT);
  assert.is(fromJson.endpoint, fake.base);
  const fromFile = fcmConfigFrom({ FCM_SERVICE_ACCOUNT: '/etc/sa.json' }, read, null)!;
  assert.is(fromFile.serviceAccount!.client_email, EMAIL);
  assert.is(fromFile.endpoint, 'https://fcm.googleapis.com');
  const staticOne = fcmConfigFrom({ FCM_ACCESS_TOKEN: 'static-token' }, read, { projectId: 'from-firebase-config' })!;
  assert.equal([staticOne.projectId, staticOne.accessToken], ['from-firebase-config', 'static-token']);
  assert.throws(() => fcmConfigFrom({ FCM_SERVICE_ACCOUNT: '{"client_email": "x"}' }, read, null));
});

// Turn notifications through the app: push through the fake FCM, SMS through a recording provider.
let h: Harness;
const texts: { to: string; text: string }[] = [];
const sms: SmsProvider = { name: 'test', send: async (to, text) => void texts.push({ to, text }), outbox: () => null };

const turns = suite('turn notifications');
turns.before(async () => {
  const fcm: FcmConfig = { endpoint: fake.base, projectId: PROJECT, serviceAccount: serviceAccount(), accessToken: null };
  // Turn SMS without the 2-minute wait after joining: this suite is about the channels; the wait and the other
  // SMS limits are sms-bombing.test.ts's.
  const limits = { ...loadConfig({}).limits, turnSmsMinAgeMs: 0 };
  h = await harness({ seed: seedDemo, config: { fcm, limits }, deps: { sms } });
  fakeNow = () => h.clock.now();
  h.clock.set(helsinki('12:00'));
});

const pushesTo = (token: string) => fake.sent.filter((s) => s.message.token === token);

turns('a customer whose turn is now is told once by push and once by SMS', async () => {
  const c = await customer(h, { fcmToken: 'tok-A', allowSms: true });
  const s = (await menu(h, 11)).services.find((x) => x.title === 'Haircut')!;
  const joined = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body: { pob_id: 11, items: [item(s)] } });
  assert.is(joined.status, 201);
  // Joined from afar, he is planned a trip away; at the door, checked in, his turn is now.
  const res = await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${joined.body.id}/`, {
    token: c.token,
    body: { customer_at_pob: true },
  });
  assert.is(res.body.queue, 0);
  await h.deps.turns.idle();
  // From afar, his wait (16 min) was within his trip (the shop's learned 15 min) as he joined: he was told to leave at
  // once (docs/decisions.md, "Leave by"); then, at the door, that it is his turn now.
  assert.equal(
    pushesTo('tok-A').map((p) => p.message.data!.kind),
    ['near', 'now'],
  );
  const p = pushesTo('tok-A')[1];
  assert.is(p.message.data!.order_id, String(res.body.id));
  assert.match(p.message.notification.body, 'Kauppakatu');
  assert.is(texts.filter((t) => t.text.includes('Kauppakatu') && t.text.includes('now.')).length, 1);
  assert.is(texts.length, 2, 'time to leave, then now: each once');
  // Later checks, the timer's and other processes', send nothing more.
  await h.deps.turns.checkAll();
  assert.is((await checkTurns(h.deps)).length, 0);
  assert.is(pushesTo('tok-A').length, 2);
  assert.is(texts.length, 2);
});

turns('near at ten minutes, then now when it comes; each once; SMS only with permission', async () => {
  const key = await operatorKey(h, 11);
  const queue = async () => (await call(h, 'GET', '/api/fi/operator/pobs/11/queue/', { token: key })).body;
  const first = (await queue()).orders[0];
  const barber = (await queue()).barbers[0].id;
  const b = await customer(h, { fcmToken: 'tok-B', allowSms: false });
  const s = (await menu(h, 11)).services.find((x) => x.title === 'Haircut')!;
  const joined = await call(h, 'POST', `/api/fi/customers/${b.id}/orders/`, { token: b.token, body: { pob_id: 11, items: [item(s)] } });
  assert.is(joined.status, 201);
  assert.ok(joined.body.queue > 10);
  await call(h, 'POST', `/api/fi/operator/orders/${first.id}/start/`, { token: key, body: { barber_id: barber } });
  await h.deps.turns.idle();
  assert.is(pushesTo('tok-B').length, 0, 'not near yet');
  let near = false;
  for (let i = 0; i < 12 && !near; i++) {
    h.clock.advance(3);
    const wait = (await queue()).orders.find((o: { id: number }) => o.id === joined.body.id).wait;
    // On his way (a learned trip away), he is told as his leave-by comes, if that is before his wait is 10.
    const leaveBy = (await call(h, 'GET', `/api/fi/customers/${b.id}/orders/${joined.body.id}/`, { token: b.token })).body.leave_by;
    const leaveDue = typeof leaveBy === 'string' && Date.parse(leaveBy) <= h.clock.now();
    const sent = await checkTurns(h.deps);
    near = sent.some((n) => n.customerId === b.id);
    assert.is(near, wait <= 10 || leaveDue, `sent exactly when the wait (${wait}) is at most 10 or his leave-by (${leaveBy}) has come`);
  }
  assert.ok(near);
  assert.equal(
    pushesTo('tok-B').map((p) => p.message.data!.kind),
    ['near'],
  );
  await checkTurns(h.deps);
  assert.is(pushesTo('tok-B').length, 1, 'near once');
  // He comes in: barbers serve present customers only.
  await relogin(h, b);
  const came = await call(h, 'PATCH', `/api/fi/customers/${b.id}/orders/${joined.body.id}/`, {
    token: b.token,
    body: { customer_at_pob: true },
  });
  assert.is(came.status, 200);
  await call(h, 'POST', `/api/fi/operator/orders/${first.id}/finish/`, { token: key });
  await h.deps.turns.idle();
  assert.equal(
    pushesTo('tok-B').map((p) => p.message.data!.kind),
    ['near', 'now'],
  );
  await call(h, 'POST', `/api/fi/operator/orders/${joined.body.id}/start/`, { token: key, body: { barber_id: barber } });
  await h.deps.turns.idle();
  await checkTurns(h.deps);
  assert.is(pushesTo('tok-B').length, 2, 'now once, started or not');
  // By number: an SMS text now carries a stop link whose digits may contain any id.
  const bPhone = (await h.db.query<{ phone: string }>('SELECT phone FROM customers WHERE id = $1', [b.id])).rows[0].phone;
  assert.is(texts.filter((t) => t.to === bPhone).length, 0);
  const rows = await h.db.query('SELECT kind, channel FROM order_notifications WHERE order_id = $1 ORDER BY kind', [joined.body.id]);
  assert.equal(rows.rows, [
    { kind: 'near', channel: 'push' },
    { kind: 'now', channel: 'push' },
  ]);
});

turns('when the order ends: one push, thanks after the service, the missed turn after a no-show', async () => {
  await h.db.query(`UPDATE orders SET status = 'cancelled' WHERE shop_id = 11 AND status IN ('active', 'in_service')`);
  const key = await operatorKey(h, 11);
  const s = (await menu(h, 11)).services.find((x) => x.title === 'Buzz cut')!;
  const e = await customer(h, { fcmToken: 'tok-E', allowSms: false });
  const served = await call(h, 'POST', `/api/fi/customers/${e.id}/orders/`, { token: e.token, body: { pob_id: 11, items: [item(s)] } });
  assert.is(served.status, 201);
  const barber = (await call(h, 'GET', '/api/fi/operator/pobs/11/queue/', { token: key })).body.barbers[0].id;
  await call(h, 'POST', `/api/fi/operator/orders/${served.body.id}/start/`, { token: key, body: { barber_id: barber } });
  h.clock.advance(20);
  assert.is((await call(h, 'POST', `/api/fi/operator/orders/${served.body.id}/finish/`, { token: key })).status, 200);
  await h.deps.turns.idle();
  const ended = pushesTo('tok-E').filter((p) => p.message.data!.kind === 'ended');
  assert.is(ended.length, 1);
  assert.is(ended[0].message.data!.status, 'serviced');
  assert.match(ended[0].message.notification.body, 'Kauppakatu');
  assert.is(await notifyEnded(h.deps, served.body.id), null, 'once per order, whoever looks again');

  const f = await customer(h, { fcmToken: 'tok-F', allowSms: false });
  const missed = await call(h, 'POST', `/api/fi/customers/${f.id}/orders/`, { token: f.token, body: { pob_id: 11, items: [item(s)] } });
  assert.is((await call(h, 'POST', `/api/fi/operator/orders/${missed.body.id}/no-show/`, { token: key })).status, 200);
  await h.deps.turns.idle();
  const gone = pushesTo('tok-F').filter((p) => p.message.data!.kind === 'ended');
  assert.equal(
    gone.map((p) => p.message.data!.status),
    ['no-show'],
  );
  assert.match(gone[0].message.notification.title, 'missed');
});

turns('a dead push token is forgotten; without push only SMS goes', async () => {
  await h.db.query(`UPDATE orders SET status = 'cancelled' WHERE shop_id = 11 AND status IN ('active', 'in_service')`);
  const c = await customer(h, { fcmToken: 'dead-token', allowSms: true });
  const s = (await menu(h, 11)).services.find((x) => x.title === 'Buzz cut')!;
  const res = await call(h, 'POST', `/api/fi/customers/${c.id}/orders/`, { token: c.token, body: { pob_id: 11, items: [item(s)] } });
  assert.is(res.status, 201);
  await call(h, 'PATCH', `/api/fi/customers/${c.id}/orders/${res.body.id}/`, { token: c.token, body: { customer_at_pob: true } });
  await h.deps.turns.idle();
  const token = await h.db.query<{ t: string | null }>('SELECT fcm_token AS t FROM customers WHERE id = $1', [c.id]);
  assert.is(token.rows[0].t, null);
  assert.is(texts.length, 4, 'the SMS still went (time to leave, then now, as in the first test)');
  // Push off: an order that is due, found by the timer's check, goes by SMS only.
  await h.db.query(`UPDATE orders SET status = 'cancelled' WHERE shop_id = 11 AND status IN ('active', 'in_service')`);
  const d = await customer(h, { fcmToken: 'tok-D', allowSms: true });
  await h.db.query('INSERT INTO orders (shop_id, customer_id, duration, joined_at, customer_at_pob) VALUES (11, $1, 15, $2, true)', [
    d.id,
    new Date(h.clock.now()).toISOString(),
  ]);
  const sent = await checkTurns({ ...h.deps, push: null });
  assert.equal(
    sent.map((n) => [n.customerId, n.kind, n.channel, n.outcome]),
    [[d.id, 'now', 'sms', 'sent']],
  );
  assert.is(pushesTo('tok-D').length, 0);
});

turns.after(async () => {
  await h.close();
  server.close();
});

sender.run();
turns.run();
