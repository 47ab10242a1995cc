/** POST /bonus-teaser/: the bonus teaser's e-mail collection; the rules are domain/teaser.ts's. */
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { teaserEmail, signUpForTeaser } from '../domain/teaser.ts';
import { addressOf, bodyOf } from '../input/body.ts';
import { teaserSchema } from './schemas/account.ts';

export function bonusRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/bonus-teaser/', { schema: teaserSchema }, async (req, reply) => {
    const email = teaserEmail(req.locale, bodyOf(req));
    // A token, when sent, must be valid: a stale one is the client's cue to refresh, not to sign up anonymously.
    const customerId = req.headers.authorization ? await authenticate(deps, req) : null;
    await signUpForTeaser(deps, { email, locale: req.locale, customerId, address: addressOf(req) });
    return reply.status(201).send({ ok: true });
  });
}
