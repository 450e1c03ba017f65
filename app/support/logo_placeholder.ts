/**
 * Logos in a response built by PostgreSQL. `LOGO_PLACEHOLDER_SQL` is the
 * `logo` of a company `co`: null when empty, a legacy absolute URL as is
 * (logo_urls' EXTERNAL_URL; no `?` in the pattern, knex reads it as a
 * binding), else `sign:<company id>`, which Node replaces with the signed
 * URL of the stored key (`fillLogoUrls`): signing needs the storage
 * driver, not the database.
 */
export const LOGO_PLACEHOLDER_SQL = `CASE WHEN co.logo IS NULL OR co.logo = '' THEN NULL
  WHEN co.logo ~* '^(http|https)://' THEN co.logo ELSE 'sign:' || co.id END`

/**
 * The placeholder as the list's compact JSON text holds it (JsonShape's
 * formatSql writes `"key":value`); the company id is the first group.
 */
export const LOGO_PLACEHOLDER_IN_JSON = /"logo":"sign:([0-9a-f-]{36})"/g
