/**
 * Building blocks of the route schemas (plain JSON Schema, draft 7, as Fastify's Ajv and @fastify/swagger read it).
 *
 * Answers: Fastify's serializer (fast-json-stringify) writes every answer from its schema, in the schema's
 * property order, and drops what the schema does not name. So every answer schema names every field the wire type
 * has, in the order the code builds it, and marks nullable whatever can be null.
 *
 * Bodies: the handlers still read bodies with their hand-written checks, whose texts are the wire contract
 * (src/shared/wire-errors.ts). Validation runs before the handler and stops at the first error, so a schema may only check a
 * field if every check the handler makes before that field is in the schema too; otherwise a later field's schema
 * error would win over the text the handler gives today. Fields past that point are `described` (their type in
 * the description, not enforced), and the handler stays the one to refuse them.
 */

export type JsonSchema = Record<string, unknown>;

// Ids are Postgres `integer`s.
export const MAX_ID = 2_147_483_647;

export const str: JsonSchema = { type: 'string' };
export const num: JsonSchema = { type: 'number' };
export const int: JsonSchema = { type: 'integer' };
export const bool: JsonSchema = { type: 'boolean' };
// Times as description, not `format`: the serializer treats `format: date-time` specially.
export const iso: JsonSchema = { type: 'string', description: 'ISO 8601 time' };
export const isoOrNull: JsonSchema = { type: ['string', 'null'], description: 'ISO 8601 time' };
export const day: JsonSchema = { type: 'string', description: 'YYYY-MM-DD' };

/** The same schema, also allowing null. */
export function nullable(s: JsonSchema): JsonSchema {
  const t = s.type;
  return { ...s, type: [...(Array.isArray(t) ? t : [t]), 'null'] };
}

export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/**
 * An answer object: the properties in wire order; all of them required (always written) except `optional`
 * ones, which the code leaves out when it has nothing to say.
 */
export function obj(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties).filter((k) => !optional.includes(k)) };
}

/** A body field the handler checks (see the header): documented, not enforced here. */
export const described = (type: string, what = ''): JsonSchema => ({ description: what ? `${type}. ${what}` : type });

/** A JSON body: an object, or nothing at all (no body and `null` read as `{}`). */
export function body(properties: Record<string, JsonSchema>, opts: { required?: string[]; closed?: boolean } = {}): JsonSchema {
  return {
    type: ['object', 'null'],
    properties,
    ...(opts.required ? { required: opts.required } : {}),
    // PATCH bodies refuse unknown fields ('Unknown field x'); POST bodies ignore them.
    ...(opts.closed ? { additionalProperties: false } : {}),
  };
}

/**
 * A body the handler reads only after its own checks (authorization, the locale): described, never refused here.
 * Any JSON passes; the object branch carries the documentation, the handler refuses what is not an object.
 */
export const describedBody = (properties: Record<string, JsonSchema>, what: string): JsonSchema => ({
  description: what,
  anyOf: [{ type: 'object', properties }, { not: { type: 'object' } }],
});

/** A path id as parseId reads it: 1 to 16 digits, no leading zero (larger than an integer answers 404). */
export const pathId: JsonSchema = { type: 'string', pattern: '^[1-9][0-9]{0,15}$' };

/** Path parameters (besides `:locale`, which app.ts adds to every route under /api/:locale/). */
export function params(...ids: string[]): JsonSchema {
  return { type: 'object', properties: Object.fromEntries(ids.map((id) => [id, pathId])), required: ids };
}

/** The ?dev= switch of the public lists; a repeated one is ignored, as before. */
export const devQuery: JsonSchema = {
  type: 'object',
  properties: {
    dev: { description: "'1' or 'true' shows test shops and hidden barbers; anything else is ignored" },
    lang: { description: 'language of menu texts, notices and bios (fi, en, ee, no, sv, dk, de; et, nb, da too); else Finnish' },
  },
};

export const ok: JsonSchema = obj({ ok: { type: 'boolean', enum: [true] } });
