/**
 * Brazilian tax documents: CPF (natural person) and CNPJ (legal entity),
 * including the alphanumeric CNPJ in force since July 2026 (letters in
 * the first 12 positions, numeric check digits).
 */

/** Removes the punctuation clients send (`.`, `/`, `-`, spaces) */
export function stripDocument(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase()
}

function checkDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * weights[index], 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

export function isValidCpf(input: string): boolean {
  const cpf = stripDocument(input)
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false
  const digits = [...cpf].map(Number)
  const first = checkDigit(digits.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2])
  const second = checkDigit(digits.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
  return digits[9] === first && digits[10] === second
}

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
const CNPJ_SECOND_WEIGHTS = [6, ...CNPJ_FIRST_WEIGHTS]

export function isValidCnpj(input: string): boolean {
  const cnpj = stripDocument(input)
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false
  /** Each character counts as its ASCII code minus 48 ('0' = 0, 'A' = 17) */
  const values = [...cnpj].map((char) => char.charCodeAt(0) - 48)
  const first = checkDigit(values.slice(0, 12), CNPJ_FIRST_WEIGHTS)
  const second = checkDigit(values.slice(0, 13), CNPJ_SECOND_WEIGHTS)
  return values[12] === first && values[13] === second
}

/** 12345678000195 -> 12.345.678/0001-95 */
export function formatCnpj(cnpj: string): string {
  const raw = stripDocument(cnpj)
  if (raw.length !== 14) return cnpj
  return `${raw.slice(0, 2)}.${raw.slice(2, 5)}.${raw.slice(5, 8)}/${raw.slice(8, 12)}-${raw.slice(12)}`
}

/**
 * formatCnpj / formatCpf in SQL over the text expression `document`
 * (stripped as stripDocument strips it; the stored value unchanged when
 * the length is not a CNPJ's or a CPF's), for responses built by PostgreSQL.
 */
export function formatDocumentSql(kind: 'cnpj' | 'cpf', document: string): string {
  const formatted =
    kind === 'cnpj'
      ? `substr(raw, 1, 2) || '.' || substr(raw, 3, 3) || '.' || substr(raw, 6, 3) || '/' ||
         substr(raw, 9, 4) || '-' || substr(raw, 13)`
      : `substr(raw, 1, 3) || '.' || substr(raw, 4, 3) || '.' || substr(raw, 7, 3) || '-' ||
         substr(raw, 10)`
  return `(SELECT CASE WHEN char_length(raw) <> ${kind === 'cnpj' ? 14 : 11} THEN ${document}
            ELSE ${formatted} END
     FROM (SELECT upper(regexp_replace(${document}, '[.\\-/\\s]', '', 'g')) AS raw) stripped)`
}

/** 12345678909 -> 123.456.789-09 */
export function formatCpf(cpf: string): string {
  const raw = stripDocument(cpf)
  if (raw.length !== 11) return cpf
  return `${raw.slice(0, 3)}.${raw.slice(3, 6)}.${raw.slice(6, 9)}-${raw.slice(9)}`
}

/** Completes 12 characters with their two check digits (seeders, factories) */
export function withCnpjCheckDigits(base12: string): string {
  const values = [...base12.toUpperCase()].map((char) => char.charCodeAt(0) - 48)
  const first = checkDigit(values, CNPJ_FIRST_WEIGHTS)
  const second = checkDigit([...values, first], CNPJ_SECOND_WEIGHTS)
  return `${base12.toUpperCase()}${first}${second}`
}

/** Completes 9 digits with their two check digits (seeders, factories) */
export function withCpfCheckDigits(base9: string): string {
  const digits = [...base9].map(Number)
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2])
  const second = checkDigit([...digits, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
  return `${base9}${first}${second}`
}
