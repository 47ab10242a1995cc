/**
 * `/customers/{id}/…`: profile, receipts, messages, benefits. Every route runs requireCustomer first: 401
 * without a valid access token, 403 for another customer's id.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCustomer } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { customerProfile, markMessage, messagesOf, patchProfile, receiptsOf, redeem } from '../domain/customers.ts';
import { badRequest } from '../lib/http-error.ts';
import { bodyOf, onlyKeys } from '../input/body.ts';
import { parseId } from '../input/params.ts';
import { noStore } from '../http/security.ts';
import { messagePatchSchema, messagesSchema, profilePatchSchema, profileSchema, receiptsSchema, redeemSchema } from './schemas/account.ts';

type Params = { id: string; mid?: string; bid?: string };
type IdReq = FastifyRequest<{ Params: Params }>;

/** The ?lang= of a messages or receipts call; the domain decides whether it names a language. */
const langOf = (req: IdReq): unknown => (req.query as { lang?: unknown }).lang;

export function customerRoutes(app: FastifyInstance, deps: Deps) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);
  // Before validation: a caller without the right token gets its 401/403 whatever it sends.
  const guard = { preValidation: requireCustomer(deps) };

  app.get('/customers/:id/', { ...guard, onRequest: noStore, schema: profileSchema }, async (req) =>
    customerProfile(deps, req.customerId!),
  );

  app.patch('/customers/:id/', { ...guard, onRequest: noStore, schema: profilePatchSchema }, async (req) =>
    patchProfile(deps, req.customerId!, bodyOf(req)),
  );

  app.get<{ Params: Params }>('/customers/:id/receipts/', { ...guard, schema: receiptsSchema }, async (req) =>
    receiptsOf(deps, req.customerId!, req.locale, langOf(req)),
  );

  app.get<{ Params: Params }>('/customers/:id/messages/', { ...guard, schema: messagesSchema }, async (req) =>
    messagesOf(deps, req.customerId!, req.locale, langOf(req)),
  );

  app.patch<{ Params: Params }>('/customers/:id/messages/:mid/', { ...guard, schema: messagePatchSchema }, async (req) => {
    const mid = parseId(req.params.mid);
    const body = bodyOf(req);
    onlyKeys(body, ['read']);
    if (typeof body.read !== 'boolean') throw badRequest('Invalid read', 'read');
    return markMessage(deps, req.customerId!, mid, body.read, req.locale, langOf(req));
  });

  app.post<{ Params: Params }>('/customers/:id/benefits/:bid/redeem/', { ...guard, schema: redeemSchema }, async (req) =>
    redeem(deps, req.customerId!, parseId(req.params.bid)),
  );
}
