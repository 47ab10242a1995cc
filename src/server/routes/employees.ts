/** GET /employees/ and GET /employees/{id}/: the locale's barbers with their week of shifts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WireEmployee } from '../../shared/wire.ts';
import type { Deps } from '../deps.ts';
import { getEmployee, listEmployees, type EmployeeScope } from '../domain/employees.ts';
import { notFound } from '../lib/http-error.ts';
import { catalogueLanguage, parseId, wantsDev } from '../input/params.ts';
import { employeeListSchema, employeeSchema } from './schemas/public.ts';

export function employeeRoutes(app: FastifyInstance, deps: Deps) {
  const scope = (req: FastifyRequest): EmployeeScope => ({
    country: req.locale,
    includeHidden: wantsDev(req, deps.config),
    now: deps.now(),
    lang: catalogueLanguage(req),
  });

  app.get('/employees/', { schema: employeeListSchema }, async (req): Promise<WireEmployee[]> => listEmployees(deps.db, scope(req)));

  app.get<{ Params: { id: string } }>('/employees/:id/', { schema: employeeSchema }, async (req): Promise<WireEmployee> => {
    const id = parseId(req.params.id);
    const employee = id === null ? null : await getEmployee(deps.db, id, scope(req));
    if (!employee) throw notFound();
    return employee;
  });
}
