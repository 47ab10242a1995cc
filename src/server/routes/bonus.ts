/**
 * POST /bonus-teaser/ (DESIGN.md §3): the e-mail collection of the bonus teaser, shown in the teaser locales
 * only (FI). A logged-in customer's sign-up is linked to the account; without a token it is anonymous.
 */
import type { FastifyInstance } from 'fastify';
import { TEASER_LOCALES } from '../../shared/constants.ts';
import { authenticate } from '../auth/guard.ts';
import { isEmail } from '../auth/rules.ts';
import { enforce } from '../auth/throttle.ts';
import type { Deps } from '../deps.ts';
import { badRequest, notFound } from '../errors.ts';
import { upsertTeaserSignup } from '../repos/benefits.ts';
import { addressOf, bodyOf } from './body.ts';
import { teaserSchema } from './schemas/account.ts';

export function bonusRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/bonus-teaser/', { schema: teaserSchema }, async (req, reply) => {
    if (!TEASER_LOCALES.includes(req.locale)) throw notFound('No bonus teaser in this locale');
    const body = bodyOf(req);
    const email = body.email;
    if (email === undefined || email === null || email === '') throw badRequest('Missing email parameter', 'email');
    // The teaser's own text (SPEC.md §5).
    if (typeof email !== 'string' || email.trim().length > 254 || !isEmail(email)) throw badRequest('Please check the email address', 'email');
    // The form sends only with the permission on; without it there is nothing we may do with the address.
    if (body.allow_email !== true) throw badRequest('E-mail permission is required', 'allow_email');
    // A token, when sent, must be valid: a stale one is the client's cue to refresh, not to sign up anonymously.
    const customerId = req.headers.authorization ? await authenticate(deps, req) : null;
    await enforce(deps.db, deps.now(), [{ name: 'teaserAddress', key: addressOf(req) }], reply);
    await upsertTeaserSignup(deps.db, { email: email.trim(), locale: req.locale, customerId, allowEmail: true, now: deps.now() });
    return reply.status(201).send({ ok: true });
  });
}
