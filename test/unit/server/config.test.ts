/** loadConfig's refusals: settings that would be unsafe or meaningless stop the server before it starts. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../src/server/config.ts';

const config = suite('loadConfig');
const base = { DATABASE_URL: '', STATIC_DIR: '' };

config('production without an SMS provider refuses to start: codes would go to the log', () => {
  assert.throws(() => loadConfig({ ...base, NODE_ENV: 'production' }), /SMS_PROVIDER/);
  assert.throws(() => loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'log' }), /SMS_LOG_IN_PRODUCTION/);
});

config('production starts with a gateway, or with the explicit opt-in to the log', () => {
  const gateway = loadConfig({ ...base, NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/send' });
  assert.is(gateway.smsProvider, 'http');
  const logged = loadConfig({ ...base, NODE_ENV: 'production', SMS_LOG_IN_PRODUCTION: '1' });
  assert.is(logged.smsProvider, 'log');
  assert.ok(logged.smsLogInProduction);
  assert.throws(() => loadConfig({ ...base, NODE_ENV: 'production', SMS_LOG_IN_PRODUCTION: '0' }), /SMS_PROVIDER/);
});

config('outside production (npm start) the log provider needs no opt-in', () => {
  assert.is(loadConfig({ ...base }).smsProvider, 'log');
  assert.is(loadConfig({ ...base, NODE_ENV: 'development' }).smsProvider, 'log');
});

config.run();
