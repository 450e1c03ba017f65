import { ContractPartGroupSchema } from '#database/schema'

/**
 * A group of parts that receives its own generated contract (review items)
 *
 * Columns (database/schema.ts):
 * - `partIds`: contract_parts ids
 */
export default class ContractPartGroup extends ContractPartGroupSchema {}
