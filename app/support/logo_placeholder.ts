/**
 * `logo` of a company `co` for a response built in SQL: null when empty,
 * a legacy absolute URL as is (logo_urls' EXTERNAL_URL; no `?` in the
 * pattern, knex reads it as a binding), else `sign:<company id>`, which Node
 * replaces with the signed URL of the stored key (`fillLogoUrls`): signing
 * needs the storage driver, not the database.
 */
export const LOGO_PLACEHOLDER_SQL = `CASE WHEN co.logo IS NULL OR co.logo = '' THEN NULL
  WHEN co.logo ~* '^(http|https)://' THEN co.logo ELSE 'sign:' || co.id END`
