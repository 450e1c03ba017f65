/**
 * Money as pt-BR text (`1.000,00`): validated by pattern, stored as given
 * and as integer cents for arithmetic.
 */
export const BRL_PATTERN = /^(?:\d{1,3}(?:\.\d{3})*|\d+),\d{2}$/

export function brlToCents(value: string): number {
  const [integer, decimals] = value.replace(/\./g, '').split(',')
  return Number(integer) * 100 + Number(decimals)
}
