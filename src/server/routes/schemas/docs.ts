/**
 * The API description: an OpenAPI 3.1 document at /api/openapi.json, made by @fastify/swagger from the route
 * schemas (no UI), and the `:locale` path parameter that every route under /api/:locale/ shares.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { JsonSchema } from './common.ts';

const locale: JsonSchema = {
  type: 'string',
  description: 'API segment of the locale: fi, ee, no, dk, se (an unknown one answers 404 before anything else)',
};

/**
 * onRoute hook: a route whose path has `:locale` gets it in its params schema, so route schemas name only their
 * own ids and the document lists the locale of every call.
 */
export function withLocaleParam(route: RouteOptions): void {
  if (!route.url.includes(':locale') || !route.schema) return;
  const params = (route.schema.params ?? { type: 'object', properties: {}, required: [] }) as JsonSchema & {
    properties?: JsonSchema;
    required?: string[];
  };
  route.schema = {
    ...route.schema,
    params: { ...params, properties: { locale, ...params.properties }, required: ['locale', ...(params.required ?? [])] },
  };
}

export async function apiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    // Shared schemas by their $id (wireOrder) rather than def-0.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Walk-in queue API',
        version: '1',
        description: 'Every error answers { "error": text, "field"?: name } with exact texts that clients may match on.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'access token, refresh token or operator key, as each call says' },
        },
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
