/**
 * The account's own life under /customers/{id}/: changing the phone number (two steps), the data
 * export and the deletion of the account (GDPR). Thin: read the body, call one domain function.
 */
import type { FastifyInstance } from 'fastify';
import { requireCustomer } from '../auth/guard.ts';
import { confirmPhone, requestPhoneCode } from '../auth/change-phone.ts';
import type { Deps } from '../deps.ts';
import { deleteAccount, exportAccount } from '../domain/account.ts';
import { addressOf, bodyOf } from '../input/body.ts';
import { accountDeleteSchema, exportSchema, phoneConfirmSchema, phoneSchema } from './schemas/account-life.ts';

export function accountRoutes(app: FastifyInstance, deps: Deps) {
  if (!app.hasRequestDecorator('customerId')) app.decorateRequest('customerId', null);
  const guard = { preValidation: requireCustomer(deps) };

  app.post('/customers/:id/phone/', { ...guard, schema: phoneSchema }, async (req) =>
    requestPhoneCode(deps, req.customerId!, bodyOf(req), req.locale, addressOf(req)),
  );

  app.post('/customers/:id/phone/confirm/', { ...guard, schema: phoneConfirmSchema }, async (req) =>
    confirmPhone(deps, req.customerId!, bodyOf(req), req.locale, addressOf(req)),
  );

  app.get('/customers/:id/export/', { ...guard, schema: exportSchema }, async (req, reply) => {
    const data = await exportAccount(deps, req.customerId!, req.locale);
    const day = data.exported_at.slice(0, 10);
    // A download, never a cached page: the file holds personal data.
    return reply
      .header('content-disposition', `attachment; filename="my-data-${req.customerId}-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  app.delete('/customers/:id/', { ...guard, schema: accountDeleteSchema }, async (req) =>
    deleteAccount(deps, req.customerId!, bodyOf(req)),
  );
}
