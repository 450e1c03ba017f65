const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/**
 * The text `DateTime.fromJSDate(date).toISO()` writes (the process zone,
 * milliseconds, `±HH:MM` offset), without building a Luxon DateTime: the
 * hot lists that map raw rows (the board) format hundreds of timestamps per
 * response, and this keeps them byte-identical to the DTOs' output.
 * tests/unit/iso_timestamp.spec.ts compares the two across zones.
 */
export function isoTimestamp(date: Date): string {
  const offset = -date.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const minutes = Math.abs(offset)
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `.${pad(date.getMilliseconds(), 3)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
  )
}
