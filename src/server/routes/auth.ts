/**
 * The account calls without a customer id in the path: register, login, refresh, logout,
 * password recovery by SMS code, proving the phone by SMS code, and the password change. Thin: read the body, call one domain function.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import { requireAccess } from '../auth/guard.ts';
import { provePhoneByCode, requestProofCode } from '../auth/phone-proof.ts';
import { requestCode, resetPassword } from '../auth/recovery.ts';
import { register } from '../auth/register.ts';
import { changePassword, login, logout, refresh, refreshTokenOf } from '../auth/session.ts';
import { bearerOf } from '../auth/tokens.ts';
import { deviceCookieOf, setDeviceCookie } from '../auth/device-cookie.ts';
import { addressOf, bodyOf, optionalBool } from '../input/body.ts';
import { noStore } from '../http/security.ts';
import {
  loginSchema,
  logoutSchema,
  passwordSchema,
  phoneCodeSchema,
  phoneProofSchema,
  refreshSchema,
  registerSchema,
  resetSchema,
  resetTokenSchema,
} from './schemas/account.ts';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);

  app.post('/register/', { onRequest: noStore, schema: registerSchema }, async (req, reply) => {
    const answer = await register(deps, bodyOf(req), req.locale, addressOf(req));
    return reply.status(201).send(answer);
  });

  app.post('/login/', { onRequest: noStore, schema: loginSchema }, async (req, reply) => {
    const { answer, deviceCookie } = await login(deps, bodyOf(req), addressOf(req), deviceCookieOf(req));
    setDeviceCookie(req, reply, deviceCookie);
    return answer;
  });

  // The refresh token comes as the bearer or as the body's `refresh`.
  app.post('/refresh/', { onRequest: noStore, schema: refreshSchema }, async (req) => {
    const body = bodyOf(req);
    return refresh(deps, refreshTokenOf(bearerOf(req.headers.authorization), body), optionalBool(body, 'rotate') ?? false);
  });

  app.post('/logout/', { schema: logoutSchema }, async (req) => {
    const body = bodyOf(req);
    await logout(deps, refreshTokenOf(bearerOf(req.headers.authorization), body), optionalBool(body, 'all') ?? false);
    return { ok: true };
  });

  app.post('/auth/reset-token/', { schema: resetTokenSchema }, async (req) => requestCode(deps, bodyOf(req), req.locale, addressOf(req)));

  app.post('/auth/reset/', { onRequest: noStore, schema: resetSchema }, async (req) => resetPassword(deps, bodyOf(req), addressOf(req)));

  app.post('/auth/phone-code/', { schema: phoneCodeSchema }, async (req) =>
    requestProofCode(deps, bodyOf(req), req.locale, addressOf(req)),
  );

  app.post('/auth/phone-proof/', { onRequest: noStore, schema: phoneProofSchema }, async (req) =>
    provePhoneByCode(deps, bodyOf(req), addressOf(req)),
  );

  app.post('/password/', { onRequest: noStore, preValidation: requireAccess(deps), schema: passwordSchema }, async (req) =>
    changePassword(deps, req.customerId!, bodyOf(req)),
  );
}
