import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ContractDocumentRequirement from '#models/contract_document_requirement'

export type UploadedFileStatus = 'pending' | 'approved' | 'rejected'

/** A file a part sent for a document requirement (one per document and part) */
export default class ContractUploadedFile extends compose(BaseModel, withUuidPrimaryKey) {
  @column()
  declare contractId: string

  @column()
  declare documentId: string

  @column()
  declare partId: string

  @column()
  declare fileName: string

  @column()
  declare filePath: string

  @column({ consume: (value) => Number(value) })
  declare fileSize: number

  @column()
  declare mimeType: string

  @column({ columnName: 'sha256' })
  declare sha256: string

  @column()
  declare status: UploadedFileStatus

  @column()
  declare rejectionReason: string | null

  @column()
  declare uploadedBy: string | null

  @column()
  declare reviewedBy: string | null

  @column.dateTime()
  declare reviewedAt: DateTime | null

  @column.dateTime()
  declare uploadedAt: DateTime

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => ContractDocumentRequirement, { foreignKey: 'documentId' })
  declare document: BelongsTo<typeof ContractDocumentRequirement>
}
