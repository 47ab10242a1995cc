/** SQL for the per-language `texts` columns of migration 009 (the catalogue in the customer's language). */

/**
 * A text column in a language (migration 009): the `texts` translation in `$lang`, else the Finnish one
 * (the app's fallback), else the plain column. `$lang` null reads the plain column (what orders store).
 */
export const inLanguage = (alias: string, field: string, column = field, param = '$2'): string =>
  `coalesce(${alias}.texts->${param}::text->>'${field}', ` +
  `CASE WHEN ${param}::text IS NOT NULL THEN ${alias}.texts->'fi'->>'${field}' END, ${alias}.${column})`;
