/** A user's text as a LIKE/ILIKE operand: `\`, `%` and `_` match themselves */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * Whether a LIKE '%term%' can be read through a trigram index: pg_trgm
 * takes its trigrams from the term's words (runs of letters and digits) of
 * three characters or more. A shorter term ("57") gives none: the index
 * would be read whole, and another index must narrow the rows instead.
 */
export const hasTrigrams = (term: string) => /[\p{L}\p{N}]{3,}/u.test(term)
