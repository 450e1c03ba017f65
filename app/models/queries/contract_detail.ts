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
import {
  branchRows,
  fromRowJson,
  rowJsonBranchesSql,
  type RowJsonBranch,
} from '#models/queries/row_json'
import { runListStatement } from '#support/prepared_statement'

/** The company's live contract `:id` (none when it is another company's or deleted) */
const OWNED = `SELECT id FROM contracts
                WHERE company_id = :companyId AND deleted_at IS NULL AND id = :id`

/** Rows of a table whose `contract_id` is the owned contract's */
const ofContract = (table: string, alias: string, joins = '') =>
  `FROM ${table} ${alias} ${joins} WHERE ${alias}.contract_id IN (SELECT id FROM owned)`

/**
 * The branches of the detail statement, by name, in the order its rows
 * come: the contract, its parts (each with its company or its user), part groups,
 * variable values, document requirements, reviewers (with their user),
 * signature groups, their members and the uploaded files, each in the
 * order the detail lists them (ties by id).
 */
const BRANCHES = {
  contract: {
    models: [[Contract, 'c']],
    from: 'FROM contracts c WHERE c.id IN (SELECT id FROM owned)',
    order: 'c.id',
  },
  parts: {
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
  partGroups: {
    models: [[ContractPartGroup, 'g']],
    from: ofContract('contract_part_groups', 'g'),
    order: 'g.position, g.id',
  },
  variableValues: {
    models: [[ContractVariableValue, 'v']],
    from: ofContract('contract_variable_values', 'v'),
    order: 'v.position, v.id',
  },
  documents: {
    models: [[ContractDocumentRequirement, 'd']],
    from: ofContract('contract_document_requirements', 'd'),
    order: 'd.position, d.id',
  },
  reviewers: {
    models: [
      [ContractReviewer, 'r'],
      [User, 'ru'],
    ],
    from: ofContract('contract_reviewers', 'r', 'LEFT JOIN users ru ON ru.id = r.user_id'),
    order: 'r.position, r.id',
  },
  signatureGroups: {
    models: [[ContractSignatureGroup, 's']],
    from: ofContract('contract_signature_groups', 's'),
    order: 's.position, s.id',
  },
  members: {
    models: [[ContractSignatureMember, 'sm']],
    from: `FROM contract_signature_members sm WHERE sm.group_id IN (
             SELECT id FROM contract_signature_groups WHERE contract_id IN (SELECT id FROM owned))`,
    order: 'sm.position, sm.id',
  },
  uploadedFiles: {
    models: [[ContractUploadedFile, 'f']],
    from: ofContract('contract_uploaded_files', 'f'),
    order: 'f.uploaded_at, f.id',
  },
} satisfies Record<string, RowJsonBranch>

/** The detail statement, written once (its models booted first) */
let detailSql: string | undefined
const DETAIL_SQL = () =>
  (detailSql ??= `WITH owned AS (${OWNED}) ${rowJsonBranchesSql(Object.values(BRANCHES))}`)
/** A branch's index in the statement: the order of BRANCHES */
const BRANCH_INDEX = Object.keys(BRANCHES)

/** The detail statement of the company's contract `id`, with its bindings */
export function contractDetailStatement(companyId: string, id: string) {
  return { sql: DETAIL_SQL(), bindings: { companyId, id } }
}

/**
 * H5: the company's live contract `id` with every relation its detail
 * shows, in ONE prepared statement (rowJsonBranchesSql: each relation a
 * branch, each model's row as JSON); 404 when it is not
 * the company's. Read as eleven statements (the contract, seven relations
 * and four of their own), each ran in 0.02-0.05 ms and their round trips
 * cost the API and PostgreSQL ten times that. It runs on its generic plan
 * (keys only: no value changes it), planned once per connection:
 * PostgreSQL's rule planned it six times per connection, 8 ms each.
 */
export async function findContractDetail(companyId: string, id: string): Promise<Contract> {
  const { sql, bindings } = contractDetailStatement(companyId, id)
  const { rows } = await runListStatement(db.rawQuery(sql, bindings), 'generic')
  const branch = (name: keyof typeof BRANCHES) => branchRows(rows, BRANCH_INDEX.indexOf(name))
  const [contractRow] = branch('contract')
  if (!contractRow) throw new NotFoundException(CONTRACT_NOT_FOUND)
  const contract = fromRowJson(Contract, contractRow.c)!

  const parts = branch('parts').map((row) => {
    const part = fromRowJson(ContractPart, row.p)!
    const company = fromRowJson(Company, row.pco)
    const user = fromRowJson(User, row.pu)
    if (company) part.$setRelated('company', company)
    if (user) part.$setRelated('user', user)
    return part
  })
  const reviewers = branch('reviewers').map((row) => {
    const reviewer = fromRowJson(ContractReviewer, row.r)!
    const user = fromRowJson(User, row.ru)
    if (user) reviewer.$setRelated('user', user)
    return reviewer
  })
  const members = branch('members').map((row) => fromRowJson(ContractSignatureMember, row.sm)!)
  const groups = branch('signatureGroups').map((row) => {
    const group = fromRowJson(ContractSignatureGroup, row.s)!
    group.$setRelated(
      'members',
      members.filter((member) => member.groupId === group.id)
    )
    return group
  })
  const all = <Model extends Parameters<typeof fromRowJson>[0]>(
    name: keyof typeof BRANCHES,
    model: Model,
    alias: string
  ) => branch(name).map((row) => fromRowJson(model, row[alias])!)

  contract.$setRelated('parts', parts)
  contract.$setRelated('partGroups', all('partGroups', ContractPartGroup, 'g'))
  contract.$setRelated('variableValues', all('variableValues', ContractVariableValue, 'v'))
  contract.$setRelated('documents', all('documents', ContractDocumentRequirement, 'd'))
  contract.$setRelated('reviewers', reviewers)
  contract.$setRelated('signatureGroups', groups)
  contract.$setRelated('uploadedFiles', all('uploadedFiles', ContractUploadedFile, 'f'))
  return contract
}
