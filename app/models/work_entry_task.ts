import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import { WorkEntryTaskSchema } from '#database/schema'

export default class WorkEntryTask extends compose(WorkEntryTaskSchema, withUuidPrimaryKey) {}
