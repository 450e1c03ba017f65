/**
 * Env rule for a comma-separated list of whole seconds (`60,300,1800`):
 * the list as numbers, undefined when unset; anything else stops the boot
 * naming the variable.
 */
export function secondsListRule(key: string, value?: string): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const seconds = value.split(',').map((part) => Number(part.trim()))
  if (seconds.some((item) => !Number.isInteger(item) || item < 0)) {
    throw new Error(`${key}: expected whole seconds separated by commas, got "${value}"`)
  }
  return seconds
}
