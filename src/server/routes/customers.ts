/**
 * `/customers/{id}/…` (SPEC.md §7, DESIGN.md §3 "Unshown calls"): profile, receipts, messages, benefits.
 * Every route runs requireCustomer first: 401 without a valid access token, 403 for another customer's id.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appLanguage, languageOfLocale } from '../../shared/locales.ts';
import type { WireProfile } from '../../shared/wire-account.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { requireCustomer } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { checkProfilePatch, profileOf } from '../domain/profile.ts';
import { badRequest, conflict, notFound, unauthorized } from '../errors.ts';
import { redeemBenefit } from '../repos/benefits.ts';
import { customerById, updateCustomer } from '../repos/customers.ts';
import { listMessages, messageFor, setRead, type Reader } from '../repos/messages.ts';
import { listReceipts } from '../repos/receipts.ts';
import { bodyOf, onlyKeys } from './body.ts';
import { parseId } from './params.ts';
import { messagePatchSchema, messagesSchema, profilePatchSchema, profileSchema, receiptsSchema, redeemSchema } from './schemas/account.ts';

type Params = { id: string; mid?: string; bid?: string };
type IdReq = FastifyRequest<{ Params: Params }>;

export function customerRoutes(app: FastifyInstance, deps: Deps) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);
  // Before validation: a caller without the right token gets its 401/403 whatever it sends.
  const guard = { preValidation: requireCustomer(deps) };

  const profile = async (id: number): Promise<WireProfile> => {
    const p = await profileOf(deps.db, id, deps.now());
    // Deleted between the guard and here.
    if (!p) throw unauthorized(WIRE_ERRORS.userNotFound);
    return p;
  };

  // Messages in ?lang= if it is a known language, else the customer's language, else the locale's.
  const reader = async (req: IdReq, id: number): Promise<Reader> => {
    const wanted = appLanguage((req.query as { lang?: unknown }).lang);
    const stored = wanted ? null : (await customerById(deps.db, id))?.language;
    const localeLanguage = languageOfLocale(req.locale);
    return { customerId: id, language: wanted ?? stored ?? localeLanguage, localeLanguage, now: deps.now() };
  };

  app.get('/customers/:id/', { ...guard, schema: profileSchema }, async (req) => profile(req.customerId!));

  app.patch('/customers/:id/', { ...guard, schema: profilePatchSchema }, async (req) => {
    const patch = checkProfilePatch(bodyOf(req));
    await updateCustomer(deps.db, req.customerId!, patch);
    return profile(req.customerId!);
  });

  app.get('/customers/:id/receipts/', { ...guard, schema: receiptsSchema }, async (req) => listReceipts(deps.db, req.customerId!));

  app.get<{ Params: Params }>('/customers/:id/messages/', { ...guard, schema: messagesSchema }, async (req) => listMessages(deps.db, req.locale, await reader(req, req.customerId!)));

  app.patch<{ Params: Params }>('/customers/:id/messages/:mid/', { ...guard, schema: messagePatchSchema }, async (req) => {
    const id = req.customerId!;
    const mid = parseId(req.params.mid);
    const body = bodyOf(req);
    onlyKeys(body, ['read']);
    if (typeof body.read !== 'boolean') throw badRequest('Invalid read', 'read');
    const who = await reader(req, id);
    // Another customer's message answers like a missing one: ids must not tell what exists.
    if (mid === null || !(await messageFor(deps.db, mid, who))) throw notFound('Message not found');
    await setRead(deps.db, mid, id, body.read, deps.now());
    return messageFor(deps.db, mid, who);
  });

  app.post<{ Params: Params }>('/customers/:id/benefits/:bid/redeem/', { ...guard, schema: redeemSchema }, async (req) => {
    const bid = parseId(req.params.bid);
    if (bid === null) throw notFound('Benefit not found');
    // SPEC.md §5: benefits need an e-mail address plus marketing permission.
    const me = await customerById(deps.db, req.customerId!);
    if (!me?.email || !me.allow_email) throw badRequest('Benefits need an e-mail address and e-mail permission', 'email');
    const outcome = await redeemBenefit(deps.db, req.customerId!, bid, deps.now());
    if ('benefit' in outcome) return outcome.benefit;
    if (outcome.refused === 'not-found') throw notFound('Benefit not found');
    if (outcome.refused === 'redeemed') throw conflict('Benefit already redeemed');
    throw conflict('Benefit is not redeemable');
  });
}
