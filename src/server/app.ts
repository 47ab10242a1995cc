/**
 * Builds the Fastify app and never listens: server.ts listens, tests call app.inject().
 * Every API route lives under /api/:locale/ and answers with or without its trailing slash.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { localeOfSegment, type Locale } from '../shared/locales.ts';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { WIRE_ERRORS } from '../shared/wire-errors.ts';
import { notFound } from './lib/http-error.ts';
import { bodilessHead, clientErrorHandler, errorHandler, frameworkErrors, refuseWhileClosing } from './http/errors.ts';
import { plainTextHook } from './input/text.ts';
import { configRoutes } from './routes/config.ts';
import { smsStopRoutes } from './routes/sms-stop.ts';
import { pobRoutes } from './routes/shops.ts';
import { eventRoutes } from './routes/events.ts';
import { streams, type Streams } from './live/streams.ts';
import { keptRows } from './live/kept-rows.ts';
import { answerCache } from './live/shop-cache.ts';
import { employeeRoutes } from './routes/employees.ts';
import { staticFiles } from './routes/static.ts';
import { pageHandler, pages, RENDER_DIR } from './routes/pages.ts';
import { compressJson } from './routes/compress.ts';
import { authRoutes } from './routes/auth.ts';
import { customerRoutes } from './routes/customers.ts';
import { accountRoutes } from './routes/account.ts';
import { bonusRoutes } from './routes/bonus.ts';
import { devRoutes } from './routes/dev.ts';
import { orderRoutes } from './routes/orders.ts';
import { operatorRoutes } from './routes/operator.ts';
import { operatorFloorRoutes } from './routes/operator-floor.ts';
import { clientEventRoutes } from './routes/client-events.ts';
import { apiDocs, withLocaleParam } from './routes/schemas/docs.ts';
import { schemaError } from './routes/schemas/errors.ts';
import { wireOrder } from './routes/schemas/orders.ts';
import { capConnectionsPerAddress, timeoutOptions } from './http/limits.ts';
import { hashPoolState, setHashPoolLimits } from './auth/passwords.ts';
import { setHoldRule } from './queue/snapshot.ts';
import { noStoreForSecrets, securityHeaders } from './http/security.ts';
import { healthRoutes } from './routes/health.ts';
import { httpDuration, measureHashPool } from './ops/metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The locale of the /api/:locale/ prefix; set for every API route. */
    locale: Locale;
  }
  interface FastifyInstance {
    /** The open event streams (live/streams.ts). */
    streams: Streams;
  }
}

/**
 * Fastify's trust for X-Forwarded-For. Fastify 5 reads a bare number as "trust nothing" (it cannot check the
 * peer), so a hop count becomes the function proxy-addr calls per hop: hop 0 is the connection's own address,
 * and the first `hops` of them are our proxies. Addresses go to proxy-addr as they are.
 */
export function proxyTrust(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust;
}

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    routerOptions: { ignoreTrailingSlash: true },
    // Only the configured proxies (config.ts trustProxyOf); COUNTRY_HEADER names a header and trusts no address.
    trustProxy: proxyTrust(deps.config.trustProxy),
    bodyLimit: 64 * 1024,
    // Bodies are read as sent: no '"true"' becoming true, no field silently dropped (the handlers refuse or
    // ignore them as the wire contract says).
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allowUnionTypes: true } },
    ...timeoutOptions(deps.config),
    // Fastify's and Node's own error answers in our shape (http/errors.ts).
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
  });
  refuseWhileClosing(app);
  bodilessHead(app);
  capConnectionsPerAddress(app.server, deps.config.maxConnectionsPerAddress);
  setHashPoolLimits({ workers: deps.config.hashWorkers, queue: deps.config.hashQueue });
  setHoldRule(deps.config.hold);
  measureHashPool(hashPoolState);
  app.setSchemaErrorFormatter(schemaError);
  app.addSchema(wireOrder);
  app.addHook('onRoute', withLocaleParam);
  // Every answer carrying a token, key or code is no-store, whichever route it comes from.
  app.addHook('onRoute', noStoreForSecrets);
  // No control character reaches a handler (input/text.ts): a 400 before any hash or limit is spent.
  app.addHook('preHandler', plainTextHook);
  await apiDocs(app);
  await securityHeaders(app, deps.config);
  app.decorateRequest('locale', 'FI' as Locale);
  // No turn or end-of-order notification outlives the app (and the database it writes to).
  app.addHook('onClose', async () => deps.turns.idle());
  // Kept answers and open streams follow the queue change announcements (live/changes.ts).
  // The kept rows first, then the kept answers, then the streams: each hears a change before what reads it does.
  keptRows(deps);
  const answers = answerCache(deps.changes, deps.now, { maxAgeMs: deps.config.pobCacheMs });
  // Made before the streams: a change drops the kept answer before a stream reads it again.
  const orderAnswers = answerCache(deps.changes, deps.now, { maxAgeMs: deps.config.pobCacheMs, maxEntries: deps.config.orderCacheEntries });
  const live = streams(deps, {
    perAddress: deps.config.streamsPerAddress,
    heartbeatMs: deps.config.streamHeartbeatMs,
    readsAtOnce: deps.config.streamReadsAtOnce,
  });
  app.decorate('streams', live);
  // A shutdown ends every stream cleanly (the server could not close while they were open); the clients reconnect
  // to another process or to this one restarted.
  app.addHook('preClose', async () => live.close());
  // The announcements themselves belong to deps (closed with them: server.ts, the test harness).
  app.addHook('onClose', async () => {
    answers.close();
    orderAnswers.close();
  });
  compressJson(app);
  // Every answer's time by route pattern and status (ops/metrics.ts); an unknown path is one label, not one each.
  app.addHook('onResponse', (req, reply, done) => {
    httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'none', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.setErrorHandler(errorHandler);

  // Rendered pages are kept apart from the reads they are made of, so many pages never push those out.
  const keptPages = answerCache(deps.changes, deps.now, { maxAgeMs: deps.config.pobCacheMs });
  app.addHook('onClose', async () => keptPages.close());
  const staticFallback = staticFiles(deps.config.staticDir, { pages: pageHandler(pages(deps, answers, keptPages)), hidden: RENDER_DIR });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.status(404).send({ error: WIRE_ERRORS.notFound });
    return staticFallback(req, reply);
  });

  healthRoutes(app, deps);
  configRoutes(app, deps);
  devRoutes(app, deps);
  smsStopRoutes(app, deps);

  await app.register(
    async (api) => {
      api.addHook('onRequest', (req: FastifyRequest<{ Params: { locale?: string } }>, _reply, done) => {
        const locale = localeOfSegment(req.params.locale ?? '');
        if (!locale) return done(notFound('Unknown locale'));
        req.locale = locale;
        done();
      });
      pobRoutes(api, deps, live, answers);
      eventRoutes(api, deps, live, orderAnswers);
      employeeRoutes(api, deps);
      authRoutes(api, deps);
      customerRoutes(api, deps);
      accountRoutes(api, deps);
      bonusRoutes(api, deps);
      orderRoutes(api, deps, orderAnswers);
      operatorRoutes(api, deps);
      operatorFloorRoutes(api, deps);
      clientEventRoutes(api, deps);
      devRoutes(api, deps);
    },
    { prefix: '/api/:locale' },
  );

  return app;
}
