/**
 * The account calls of SPEC.md §7 without a customer id in the path: register, login, refresh, logout,
 * password recovery by SMS code, and the password change. Thin: read the body, call one domain function.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { requireAccess } from '../auth/guard.ts';
import { requestCode, resetPassword } from '../auth/recovery.ts';
import { register } from '../auth/register.ts';
import { changePassword, login, logout, refresh, refreshTokenOf } from '../auth/session.ts';
import { bearerOf } from '../auth/tokens.ts';
import { smsOf } from '../notify/sms.ts';
import { addressOf, bodyOf, optionalBool } from './body.ts';
import { loginSchema, logoutSchema, passwordSchema, refreshSchema, registerSchema, resetSchema, resetTokenSchema } from './schemas/account.ts';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);
  // The SMS provider is made once with the app's logger (not a request's); recovery.ts then finds it.
  smsOf(deps, app.log);

  app.post('/register/', { schema: registerSchema }, async (req, reply) => {
    const answer = await register(deps, bodyOf(req), req.locale, addressOf(req), reply);
    return reply.status(201).send(answer);
  });

  app.post('/login/', { schema: loginSchema }, async (req, reply) => login(deps, bodyOf(req), addressOf(req), reply));

  // The refresh token comes as the bearer (SPEC.md §7) or as the body's `refresh`.
  app.post('/refresh/', { schema: refreshSchema }, async (req) => {
    const body = bodyOf(req);
    return refresh(deps, refreshTokenOf(bearerOf(req.headers.authorization), body), optionalBool(body, 'rotate') ?? false);
  });

  app.post('/logout/', { schema: logoutSchema }, async (req) => {
    const body = bodyOf(req);
    await logout(deps, refreshTokenOf(bearerOf(req.headers.authorization), body), optionalBool(body, 'all') ?? false);
    return { ok: true };
  });

  app.post('/auth/reset-token/', { schema: resetTokenSchema }, async (req, reply) => requestCode(deps, bodyOf(req), req.locale, addressOf(req), req.log, reply));

  app.post('/auth/reset/', { schema: resetSchema }, async (req, reply) => resetPassword(deps, bodyOf(req), addressOf(req), reply));

  app.post('/password/', { preValidation: requireAccess(deps), schema: passwordSchema }, async (req, reply) => changePassword(deps, req.customerId!, bodyOf(req), reply));
}
