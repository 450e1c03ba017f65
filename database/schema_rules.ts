import type { ColumnInfo, SchemaRules } from '@adonisjs/lucid/types/schema_generator'

/**
 * What the migrated database cannot tell the schema class generator
 * (database/schema.ts, `node ace migration:run`): the unions a text column
 * holds, the shapes of jsonb and array columns, the columns the API never
 * serializes. Types are imported from the module that defines them.
 */

/** `tsType` imported (type-only) from `source`; the names default to `tsType` itself */
const typed = (tsType: string, source: string, names = [tsType]): ColumnInfo => ({
  tsType,
  imports: [{ source, typeImports: names }],
  decorators: [{ name: '@column' }],
})

/** A type written out in the schema class (a union of literals, a plain array) */
const inline = (tsType: string): ColumnInfo => ({ tsType, decorators: [{ name: '@column' }] })

/** A jsonb column of `tsType`; `absent` is written for a missing value of a NOT NULL column */
const jsonb = (tsType: ColumnInfo | string, absent?: '[]' | '{}'): ColumnInfo => {
  const { tsType: type, imports = [] } = typeof tsType === 'string' ? inline(tsType) : tsType
  return {
    tsType: type,
    imports: [...imports, { source: '#database/schema_columns', namedImports: ['jsonbColumn'] }],
    decorators: [{ name: '@jsonbColumn', args: absent ? { absent } : undefined }],
  }
}

/** A column the API never serializes (hashes, secrets, sort keys) */
const hidden = (tsType: string): ColumnInfo => ({
  tsType,
  decorators: [{ name: '@column', args: { serializeAs: null } }],
})

/** A bigint or numeric column read as a number (the API speaks numbers) */
const readAsNumber: ColumnInfo = {
  tsType: 'number',
  imports: [{ source: '#database/schema_columns', namedImports: ['numberColumn'] }],
  decorators: [{ name: '@numberColumn' }],
}

const COMPLIANCE = '#support/compliance'
const ONBOARDING = '#support/onboarding'
const CONTRACT_STATUS = '#enums/contract_status'
const NOTIFICATIONS = '#enums/notifications'
const APP_VERSIONS = '#support/app_versions'

export default {
  types: { decimal: readAsNumber },
  tables: {
    api_keys: {
      columns: {
        token_hash: hidden('string'),
        permissions: typed('Permission[]', '#support/permissions', ['Permission']),
      },
    },
    audit_log: {
      columns: {
        /** bigint, read as text; the log is read only (no timestamps set by the model) */
        id: { tsType: 'string', decorators: [{ name: '@column', args: { isPrimary: true } }] },
        actor_type: inline(`'user' | 'api_key'`),
        action: inline(`'create' | 'update' | 'delete'`),
        resource: typed('AuditedResource', '#enums/audit'),
        fields: inline('string[]'),
        created_at: {
          tsType: 'DateTime',
          imports: [{ source: 'luxon', namedImports: ['DateTime'] }],
          decorators: [{ name: '@column.dateTime' }],
        },
      },
      skipColumns: ['request_id'],
    },
    app_versions: {
      columns: {
        platform: typed('AppPlatform', APP_VERSIONS),
        type: typed('AppVersionType', APP_VERSIONS),
        delivery: typed('AppVersionDelivery', APP_VERSIONS),
        major: hidden('number'),
        minor: hidden('number'),
        patch: hidden('number'),
      },
    },
    companies: { columns: { document_status: typed('DocumentStatus', '#enums/document_status') } },
    company_document_events: {
      columns: {
        event: inline(`'verified' | 'revoked' | 'disputed'`),
        proof: typed('DocumentProof', '#enums/document_status'),
      },
    },
    company_members: { columns: { role: typed('MemberRole', '#enums/roles') } },
    company_notification_settings: {
      columns: {
        allowed_channels: jsonb(typed('Partial<Channels>', NOTIFICATIONS, ['Channels'])),
        types: jsonb('Record<string, boolean>'),
      },
    },
    compliance_document_requirements: { columns: { formats: jsonb('string[]', '[]') } },
    compliance_flows: { columns: { status: typed('FlowStatus', COMPLIANCE) } },
    compliance_steps: {
      columns: {
        step_type: typed('StepType', COMPLIANCE),
        frequency: typed('Frequency', COMPLIANCE),
        platform_data_types: jsonb(
          typed('PlatformDataType[]', COMPLIANCE, ['PlatformDataType']),
          '[]'
        ),
      },
    },
    contracts: {
      columns: {
        status: typed('ContractStatus', CONTRACT_STATUS),
        current_step: jsonb('{ key: string; index: number }'),
        snapshot: jsonb('Record<string, unknown>', '{}'),
      },
    },
    contract_document_requirements: { columns: { accepted_formats: jsonb('string[]', '[]') } },
    contract_history: { columns: { payload: jsonb('Record<string, unknown>', '{}') } },
    contract_parts: {
      columns: {
        role: typed('PartRole', CONTRACT_STATUS),
        contract_type: typed('ContractType', CONTRACT_STATUS),
        value_cents: readAsNumber,
      },
      /** set by the database (the link trigger); read in SQL only */
      skipColumns: ['counterparty_of', 'link_name', 'link_search'],
    },
    contract_part_groups: { columns: { part_ids: inline('string[]') } },
    contract_review_approvals: {
      columns: { decision: typed('ReviewDecision', '#models/contract_review_approval') },
    },
    contract_signature_members: {
      columns: { status: typed('SignatureMemberStatus', '#models/contract_signature_member') },
    },
    contract_templates: {
      columns: {
        variables: jsonb(
          typed('TemplateVariable[]', '#models/contract_template', ['TemplateVariable']),
          '[]'
        ),
      },
    },
    contract_uploaded_files: {
      columns: {
        file_size: readAsNumber,
        sha256: {
          tsType: 'string',
          decorators: [{ name: '@column', args: { columnName: 'sha256' } }],
        },
        status: typed('UploadedFileStatus', '#models/contract_uploaded_file'),
      },
    },
    contract_variable_values: { columns: { additional: jsonb('unknown') } },
    data_exports: { columns: { status: typed('DataExportStatus', '#models/data_export') } },
    deliveries: {
      columns: {
        channel: typed('OutboxChannel', '#models/delivery'),
        payload: jsonb(
          typed(
            'MailPayload | MessengerPayload | PasswordResetPayload | WebhookPayload',
            '#models/delivery',
            ['MailPayload', 'MessengerPayload', 'PasswordResetPayload', 'WebhookPayload']
          )
        ),
        webhook_seq: inline('string'),
        status: typed('DeliveryStatus', '#models/delivery'),
      },
    },
    delivery_attempts: {
      columns: {
        channel: typed('OutboxChannel', '#models/delivery'),
        outcome: typed('AttemptOutcome', '#models/delivery_attempt'),
      },
    },
    integration_connections: { columns: { status: inline(`'active' | 'paused'`) } },
    notifications: {
      columns: {
        scope: typed('NotificationScope', NOTIFICATIONS),
        type: typed('NotificationType', NOTIFICATIONS),
        priority: typed('NotificationPriority', NOTIFICATIONS),
        activity: jsonb(typed('NotificationActivity', '#models/notification')),
      },
    },
    notification_counters: {
      columns: {
        scope_totals: jsonb(
          typed('Partial<Record<NotificationScope, number>>', NOTIFICATIONS, ['NotificationScope']),
          '{}'
        ),
      },
    },
    notification_preferences: {
      columns: { channels: jsonb(typed('Partial<Channels>', NOTIFICATIONS, ['Channels'])) },
    },
    onboardings: { columns: { status: typed('OnboardingStatus', ONBOARDING) } },
    onboarding_documents: {
      columns: {
        accepted_formats: inline('string[]'),
        status: typed('OnboardingDocumentStatus', ONBOARDING),
      },
    },
    onboarding_form_fields: {
      columns: {
        type: typed('FormFieldType', ONBOARDING),
        options: jsonb(typed('FormFieldOption[]', ONBOARDING, ['FormFieldOption'])),
      },
    },
    provider_compliances: { columns: { status: typed('ComplianceStatus', COMPLIANCE) } },
    provider_compliance_flows: {
      columns: { provider_type: typed('ProviderType', '#models/provider_compliance_flow') },
    },
    retroactive_requests: {
      columns: {
        tasks: jsonb(
          typed('RequestedTask[]', '#models/retroactive_request', ['RequestedTask']),
          '[]'
        ),
        status: typed('RetroactiveStatus', '#enums/retroactive_status'),
      },
    },
    step_compliances: {
      columns: {
        status: typed('StepStatus', COMPLIANCE),
        granted_data_types: jsonb(
          typed('PlatformDataType[]', COMPLIANCE, ['PlatformDataType']),
          '[]'
        ),
      },
    },
    step_compliance_approvals: { columns: { decision: inline(`'approved' | 'rejected'`) } },
    step_compliance_documents: {
      columns: {
        status: typed('ComplianceDocumentStatus', COMPLIANCE, [
          'DocumentStatus as ComplianceDocumentStatus',
        ]),
      },
    },
    user_identities: { columns: { provider: typed('OAuthProvider', '#enums/oauth_providers') } },
    user_invitations: {
      columns: {
        role: typed('MemberRole', '#enums/roles'),
        new_company: jsonb(typed('InvitedCompany', '#models/user_invitation')),
      },
    },
    webhook_endpoints: { columns: { events: inline('string[]'), secret: hidden('string') } },
    workflows: {
      columns: {
        company_role: typed('WorkflowCompanyRole', CONTRACT_STATUS),
        steps: jsonb('unknown[]', '[]'),
      },
    },
  },
} satisfies SchemaRules
