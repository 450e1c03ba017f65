/** A user's text as a LIKE/ILIKE operand: `\`, `%` and `_` match themselves */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`)
