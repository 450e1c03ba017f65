import { ContractVariableValueSchema } from '#database/schema'

/**
 * A template variable's value, global, per part or per part group
 *
 * Columns (database/schema.ts):
 * - `source`: Who fills it: `borrower`, `provider`, `system`...
 */
export default class ContractVariableValue extends ContractVariableValueSchema {}
