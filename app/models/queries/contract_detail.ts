import db from '@adonisjs/lucid/services/db'
import Contract, { CONTRACT_NOT_FOUND } from '#models/contract'
import Company from '#models/company'
import User from '#models/user'
import ContractPart from '#models/contract_part'
import ContractPartGroup from '#models/contract_part_group'
import ContractVariableValue from '#models/contract_variable_value'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractReviewer from '#models/contract_reviewer'
import ContractSignatureGroup from '#models/contract_signature_group'
import ContractSignatureMember from '#models/contract_signature_member'
import ContractUploadedFile from '#models/contract_uploaded_file'
import { NotFoundException } from '#exceptions/http_exceptions'
import { branchRows, fromPrefixed, prefixedBranchesSql } from '#models/queries/prefixed_columns'
import { runListStatement } from '#support/prepared_statement'

/** The company's live contract `:id` (none when it is another company's or deleted) */
const OWNED = `SELECT id FROM contracts
                WHERE company_id = :companyId AND deleted_at IS NULL AND id = :id`

/** Rows of a table whose `contract_id` is the owned contract's */
const ofContract = (table: string, alias: string, joins = '') =>
  `FROM ${table} ${alias} ${joins} WHERE ${alias}.contract_id IN (SELECT id FROM owned)`

/**
 * The branches of the detail statement, in the order its rows come: the
 * contract, its parts (each with its company or its user), part groups,
 * variable values, document requirements, reviewers (with their user),
 * signature groups, their members and the uploaded files, each in the
 * order the detail lists them (ties by id).
 */
const BRANCHES = [
  {
    models: [[Contract, 'c']],
    from: 'FROM contracts c WHERE c.id IN (SELECT id FROM owned)',
    order: 'c.id',
  },
  {
    models: [
      [ContractPart, 'p'],
      [Company, 'pco'],
      [User, 'pu'],
    ],
    from: ofContract(
      'contract_parts',
      'p',
      'LEFT JOIN companies pco ON pco.id = p.company_id LEFT JOIN users pu ON pu.id = p.user_id'
    ),
    order: 'p.created_at, p.id',
  },
  {
    models: [[ContractPartGroup, 'g']],
    from: ofContract('contract_part_groups', 'g'),
    order: 'g.position, g.id',
  },
  {
    models: [[ContractVariableValue, 'v']],
    from: ofContract('contract_variable_values', 'v'),
    order: 'v.position, v.id',
  },
  {
    models: [[ContractDocumentRequirement, 'd']],
    from: ofContract('contract_document_requirements', 'd'),
    order: 'd.position, d.id',
  },
  {
    models: [
      [ContractReviewer, 'r'],
      [User, 'ru'],
    ],
    from: ofContract('contract_reviewers', 'r', 'LEFT JOIN users ru ON ru.id = r.user_id'),
    order: 'r.position, r.id',
  },
  {
    models: [[ContractSignatureGroup, 's']],
    from: ofContract('contract_signature_groups', 's'),
    order: 's.position, s.id',
  },
  {
    models: [[ContractSignatureMember, 'sm']],
    from: `FROM contract_signature_members sm WHERE sm.group_id IN (
             SELECT id FROM contract_signature_groups WHERE contract_id IN (SELECT id FROM owned))`,
    order: 'sm.position, sm.id',
  },
  {
    models: [[ContractUploadedFile, 'f']],
    from: ofContract('contract_uploaded_files', 'f'),
    order: 'f.uploaded_at, f.id',
  },
] as Parameters<typeof prefixedBranchesSql>[0]

/** The detail statement, written once (its models booted first) */
let detailSql: string | undefined
const DETAIL_SQL = () => (detailSql ??= `WITH owned AS (${OWNED}) ${prefixedBranchesSql(BRANCHES)}`)

/**
 * H5: the company's live contract `id` with every relation its detail
 * shows, in ONE prepared statement (prefixedBranchesSql: each relation a
 * branch, every model with the driver's own types); 404 when it is not
 * the company's. It runs on its generic plan (keys only: no value changes
 * it), planned once per connection: PostgreSQL's rule planned it six
 * times per connection, 8 ms each. Read as eleven statements (the contract, seven relations
 * and four of their own), each ran in 0.02-0.05 ms and their round trips
 * cost the API and PostgreSQL ten times that.
 */
export async function findContractDetail(companyId: string, id: string): Promise<Contract> {
  const { rows } = await runListStatement(db.rawQuery(DETAIL_SQL(), { companyId, id }), 'generic')
  const branch = (index: number) => branchRows(rows, index)
  const [contractRow] = branch(0)
  if (!contractRow) throw new NotFoundException(CONTRACT_NOT_FOUND)
  const contract = fromPrefixed(Contract, 'c', contractRow)!

  const parts = branch(1).map((row) => {
    const part = fromPrefixed(ContractPart, 'p', row)!
    const company = fromPrefixed(Company, 'pco', row)
    const user = fromPrefixed(User, 'pu', row)
    if (company) part.$setRelated('company', company)
    if (user) part.$setRelated('user', user)
    return part
  })
  const reviewers = branch(5).map((row) => {
    const reviewer = fromPrefixed(ContractReviewer, 'r', row)!
    const user = fromPrefixed(User, 'ru', row)
    if (user) reviewer.$setRelated('user', user)
    return reviewer
  })
  const members = branch(7).map((row) => fromPrefixed(ContractSignatureMember, 'sm', row)!)
  const groups = branch(6).map((row) => {
    const group = fromPrefixed(ContractSignatureGroup, 's', row)!
    group.$setRelated(
      'members',
      members.filter((member) => member.groupId === group.id)
    )
    return group
  })
  const all = <Model extends Parameters<typeof fromPrefixed>[0]>(
    index: number,
    model: Model,
    alias: string
  ) => branch(index).map((row) => fromPrefixed(model, alias, row)!)

  contract.$setRelated('parts', parts)
  contract.$setRelated('partGroups', all(2, ContractPartGroup, 'g'))
  contract.$setRelated('variableValues', all(3, ContractVariableValue, 'v'))
  contract.$setRelated('documents', all(4, ContractDocumentRequirement, 'd'))
  contract.$setRelated('reviewers', reviewers)
  contract.$setRelated('signatureGroups', groups)
  contract.$setRelated('uploadedFiles', all(8, ContractUploadedFile, 'f'))
  return contract
}
