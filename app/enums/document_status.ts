/** Where a company stands on its CNPJ (docs/security.md, "CNPJ claims") */
export const DOCUMENT_STATUSES = ['claimed', 'verified', 'revoked'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

/** What a CNPJ decision was based on */
export type DocumentProof = 'invitation' | 'operator'
