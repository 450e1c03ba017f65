-- columns
adonis_schema.id integer not null default nextval('adonis_schema_id_seq'::regclass)
adonis_schema.name character varying(255) not null
adonis_schema.batch integer not null
adonis_schema.migration_time timestamp with time zone default CURRENT_TIMESTAMP
adonis_schema_versions.version integer not null
api_keys.id uuid not null default gen_random_uuid()
api_keys.company_id uuid not null
api_keys.user_id uuid not null
api_keys.name character varying(120) not null
api_keys.prefix character varying(24) not null
api_keys.token_hash character varying(64) not null
api_keys.permissions ARRAY not null
api_keys.expires_at timestamp with time zone
api_keys.last_used_at timestamp with time zone
api_keys.revoked_at timestamp with time zone
api_keys.created_by uuid
api_keys.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
api_keys.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
app_versions.id uuid not null default gen_random_uuid()
app_versions.platform character varying(10) not null
app_versions.version character varying(32) not null
app_versions.major integer not null
app_versions.minor integer not null
app_versions.patch integer not null
app_versions.launch_at timestamp with time zone not null
app_versions.type character varying(10) not null
app_versions.force_update boolean not null default false
app_versions.title character varying(255) not null
app_versions.description text not null
app_versions.store_url character varying(500)
app_versions.delivery character varying(10) not null default 'store'::character varying
app_versions.min_supported_version character varying(32) not null
app_versions.deprecated_at timestamp with time zone
app_versions.runtime_version character varying(64)
app_versions.update_id character varying(128)
app_versions.created_at timestamp with time zone not null
app_versions.updated_at timestamp with time zone not null
app_versions.deleted_at timestamp with time zone
audit_log.id bigint not null default nextval('audit_log_id_seq'::regclass)
audit_log.company_id uuid
audit_log.actor_type character varying(16) not null
audit_log.user_id uuid
audit_log.api_key_id uuid
audit_log.resource character varying(63) not null
audit_log.resource_id text
audit_log.action character varying(16) not null
audit_log.operation character varying(120)
audit_log.fields ARRAY not null
audit_log.ip character varying(64)
audit_log.request_id character varying(80)
audit_log.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
auth_sessions.id uuid not null default gen_random_uuid()
auth_sessions.user_id uuid not null
auth_sessions.browser character varying(100)
auth_sessions.os character varying(100)
auth_sessions.ip character varying(45)
auth_sessions.user_agent character varying(500)
auth_sessions.expires_at timestamp with time zone not null
auth_sessions.last_used_at timestamp with time zone
auth_sessions.revoked_at timestamp with time zone
auth_sessions.created_at timestamp with time zone not null
auth_sessions.updated_at timestamp with time zone not null
companies.id uuid not null default gen_random_uuid()
companies.name character varying(255) not null
companies.trade_name character varying(255)
companies.document character varying(14) not null
companies.email character varying(254)
companies.phone character varying(32)
companies.logo character varying(500)
companies.timezone character varying(64) not null default 'America/Sao_Paulo'::character varying
companies.created_at timestamp with time zone not null
companies.updated_at timestamp with time zone not null
companies.document_status character varying(16) not null default 'claimed'::character varying
companies.document_verified_at timestamp with time zone
company_document_events.id uuid not null default gen_random_uuid()
company_document_events.document character varying(14) not null
company_document_events.company_id uuid not null
company_document_events.event character varying(16) not null
company_document_events.proof character varying(16) not null
company_document_events.invitation_id uuid
company_document_events.claimant_company_id uuid
company_document_events.claimant_user_id uuid
company_document_events.note text
company_document_events.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
company_link_counters.company_id uuid not null
company_link_counters.total integer not null default 0
company_link_counters.active integer not null default 0
company_members.id uuid not null default gen_random_uuid()
company_members.company_id uuid not null
company_members.user_id uuid not null
company_members.role USER-DEFINED not null
company_members.created_at timestamp with time zone not null
company_members.updated_at timestamp with time zone not null
company_notification_settings.id uuid not null default gen_random_uuid()
company_notification_settings.company_id uuid not null
company_notification_settings.allowed_channels jsonb not null default '{}'::jsonb
company_notification_settings.types jsonb not null default '{}'::jsonb
company_notification_settings.created_at timestamp with time zone not null
company_notification_settings.updated_at timestamp with time zone not null
compliance_document_requirements.id uuid not null default gen_random_uuid()
compliance_document_requirements.step_id uuid not null
compliance_document_requirements.position integer not null
compliance_document_requirements.name character varying(255) not null
compliance_document_requirements.description text
compliance_document_requirements.required boolean not null default false
compliance_document_requirements.formats jsonb not null default '[]'::jsonb
compliance_flows.id uuid not null default gen_random_uuid()
compliance_flows.company_id uuid not null
compliance_flows.name character varying(255) not null
compliance_flows.description text
compliance_flows.status character varying(10) not null default 'draft'::character varying
compliance_flows.providers_count integer not null default 0
compliance_flows.created_at timestamp with time zone not null
compliance_flows.updated_at timestamp with time zone not null
compliance_step_validators.id uuid not null default gen_random_uuid()
compliance_step_validators.step_id uuid not null
compliance_step_validators.user_id uuid not null
compliance_steps.id uuid not null default gen_random_uuid()
compliance_steps.flow_id uuid not null
compliance_steps.position integer not null
compliance_steps.title character varying(255) not null
compliance_steps.step_type character varying(20) not null
compliance_steps.frequency character varying(10) not null
compliance_steps.day_start smallint not null
compliance_steps.day_end smallint not null
compliance_steps.month_start smallint
compliance_steps.month_end smallint
compliance_steps.platform_data_types jsonb not null default '[]'::jsonb
compliance_steps.depends_on_previous boolean not null default false
compliance_steps.include_immediate_leadership boolean not null default false
compliance_steps.only_immediate_leadership_required boolean not null default false
compliance_steps.all_validators_required boolean not null default false
compliance_steps.created_at timestamp with time zone not null
compliance_steps.updated_at timestamp with time zone not null
contract_document_requirements.id uuid not null
contract_document_requirements.contract_id uuid not null
contract_document_requirements.name character varying(255) not null
contract_document_requirements.description text
contract_document_requirements.is_download boolean not null default false
contract_document_requirements.is_required boolean not null default true
contract_document_requirements.accepted_formats jsonb not null default '[]'::jsonb
contract_document_requirements.max_file_size integer not null
contract_document_requirements.position integer not null default 0
contract_document_requirements.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_document_requirements.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_history.id uuid not null default gen_random_uuid()
contract_history.contract_id uuid not null
contract_history.type character varying(60) not null
contract_history.actor_id uuid
contract_history.payload jsonb not null default '{}'::jsonb
contract_history.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_name_hours.company_id uuid not null
contract_name_hours.status character varying(32) not null
contract_name_hours.hour integer not null
contract_name_hours.bits bit(1024) not null
contract_name_statuses.company_id uuid not null
contract_name_statuses.status character varying(32) not null
contract_name_statuses.bits bit(1024) not null
contract_part_groups.id uuid not null
contract_part_groups.contract_id uuid not null
contract_part_groups.name character varying(255) not null
contract_part_groups.part_ids ARRAY not null default '{}'::uuid[]
contract_part_groups.position integer not null default 0
contract_part_groups.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_part_groups.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_parts.id uuid not null default gen_random_uuid()
contract_parts.contract_id uuid not null
contract_parts.company_id uuid
contract_parts.user_id uuid
contract_parts.role character varying(10) not null
contract_parts.value character varying(50)
contract_parts.value_cents bigint
contract_parts.contract_type character varying(20)
contract_parts.monthly_hours integer
contract_parts.is_active boolean not null default true
contract_parts.created_at timestamp with time zone not null
contract_parts.updated_at timestamp with time zone not null
contract_parts.counterparty_of uuid
contract_parts.link_name text
contract_parts.link_search text
contract_review_approvals.id uuid not null default gen_random_uuid()
contract_review_approvals.contract_id uuid not null
contract_review_approvals.item_id uuid not null
contract_review_approvals.reviewer_id uuid not null
contract_review_approvals.decision character varying(20) not null
contract_review_approvals.comment text
contract_review_approvals.reviewed_at timestamp with time zone not null
contract_review_approvals.created_at timestamp with time zone not null
contract_review_approvals.updated_at timestamp with time zone not null
contract_review_comments.id uuid not null default gen_random_uuid()
contract_review_comments.contract_id uuid not null
contract_review_comments.item_id uuid not null
contract_review_comments.author_id uuid not null
contract_review_comments.content text not null
contract_review_comments.selected_text text
contract_review_comments.start_offset integer
contract_review_comments.end_offset integer
contract_review_comments.page_number integer
contract_review_comments.created_at timestamp with time zone not null
contract_review_comments.updated_at timestamp with time zone not null
contract_reviewers.id uuid not null
contract_reviewers.contract_id uuid not null
contract_reviewers.user_id uuid not null
contract_reviewers.is_required boolean not null default true
contract_reviewers.position integer not null default 0
contract_reviewers.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_reviewers.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_signature_groups.id uuid not null
contract_signature_groups.contract_id uuid not null
contract_signature_groups.name character varying(255) not null
contract_signature_groups.position integer not null default 1
contract_signature_groups.is_part_group boolean not null default false
contract_signature_groups.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_signature_groups.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_signature_members.id uuid not null
contract_signature_members.contract_id uuid not null
contract_signature_members.group_id uuid not null
contract_signature_members.user_id uuid
contract_signature_members.name character varying(255) not null
contract_signature_members.email character varying(255) not null
contract_signature_members.position integer not null default 1
contract_signature_members.status character varying(10) not null default 'pending'::character varying
contract_signature_members.signed_at timestamp with time zone
contract_signature_members.rejection_reason text
contract_signature_members.ip_address character varying(64)
contract_signature_members.user_agent character varying(500)
contract_signature_members.document_hash character varying(64)
contract_signature_members.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_signature_members.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_status_counters.company_id uuid not null
contract_status_counters.status character varying(32) not null
contract_status_counters.total integer not null default 0
contract_templates.id uuid not null default gen_random_uuid()
contract_templates.company_id uuid not null
contract_templates.name character varying(255) not null
contract_templates.description text
contract_templates.html text not null
contract_templates.variables jsonb not null default '[]'::jsonb
contract_templates.deleted_at timestamp with time zone
contract_templates.created_at timestamp with time zone not null
contract_templates.updated_at timestamp with time zone not null
contract_uploaded_files.id uuid not null default gen_random_uuid()
contract_uploaded_files.contract_id uuid not null
contract_uploaded_files.document_id uuid not null
contract_uploaded_files.part_id uuid not null
contract_uploaded_files.file_name character varying(255) not null
contract_uploaded_files.file_path character varying(500) not null
contract_uploaded_files.file_size bigint not null
contract_uploaded_files.mime_type character varying(100) not null
contract_uploaded_files.sha256 character varying(64) not null
contract_uploaded_files.status character varying(10) not null default 'pending'::character varying
contract_uploaded_files.rejection_reason text
contract_uploaded_files.uploaded_by uuid
contract_uploaded_files.reviewed_by uuid
contract_uploaded_files.reviewed_at timestamp with time zone
contract_uploaded_files.uploaded_at timestamp with time zone not null
contract_uploaded_files.created_at timestamp with time zone not null
contract_uploaded_files.updated_at timestamp with time zone not null
contract_variable_values.id uuid not null
contract_variable_values.contract_id uuid not null
contract_variable_values.name character varying(100) not null
contract_variable_values.type character varying(30) not null default 'text'::character varying
contract_variable_values.source character varying(30) not null default 'borrower'::character varying
contract_variable_values.required boolean not null default false
contract_variable_values.value text not null default ''::text
contract_variable_values.additional jsonb
contract_variable_values.part_id uuid
contract_variable_values.group_id uuid
contract_variable_values.position integer not null default 0
contract_variable_values.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
contract_variable_values.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
contracts.id uuid not null default gen_random_uuid()
contracts.company_id uuid not null
contracts.workflow_id uuid
contracts.name character varying(255) not null
contracts.status character varying(20) not null default 'draft'::character varying
contracts.progress integer not null default 0
contracts.ref character varying(100)
contracts.description text
contracts.start_date date
contracts.end_date date
contracts.current_step jsonb
contracts.snapshot jsonb not null default '{}'::jsonb
contracts.signed_document_path character varying(500)
contracts.created_by uuid
contracts.deleted_at timestamp with time zone
contracts.created_at timestamp with time zone not null
contracts.updated_at timestamp with time zone not null
contracts.template_id uuid
contracts.published_at timestamp with time zone
contracts.deadline_at timestamp with time zone
contracts.signature_started_at timestamp with time zone
contracts.document_hash character varying(64)
contracts.completed_at timestamp with time zone
contracts.name_search text
data_exports.id uuid not null default gen_random_uuid()
data_exports.user_id uuid not null
data_exports.status character varying(12) not null default 'pending'::character varying
data_exports.file_path character varying(500)
data_exports.completed_at timestamp with time zone
data_exports.expires_at timestamp with time zone
data_exports.created_at timestamp with time zone not null
data_exports.updated_at timestamp with time zone not null
data_exports.failure_reason character varying(500)
deliveries.id uuid not null default gen_random_uuid()
deliveries.channel character varying(20) not null
deliveries.payload jsonb not null
deliveries.status character varying(20) not null default 'pending'::character varying
deliveries.attempts integer not null default 0
deliveries.next_attempt_at timestamp with time zone not null default CURRENT_TIMESTAMP
deliveries.last_error text
deliveries.sent_at timestamp with time zone
deliveries.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
deliveries.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
deliveries.locked_until timestamp with time zone
deliveries.requeued_at_attempt integer not null default 0
deliveries.webhook_endpoint_id uuid
deliveries.webhook_event_id uuid
deliveries.webhook_seq bigint
deliveries.response_status integer
delivery_attempts.id uuid not null default gen_random_uuid()
delivery_attempts.delivery_id uuid not null
delivery_attempts.attempt integer not null
delivery_attempts.started_at timestamp with time zone not null
delivery_attempts.finished_at timestamp with time zone
delivery_attempts.outcome character varying(20) not null
delivery_attempts.error text
delivery_attempts.channel character varying(20) not null
idempotency_keys.caller character varying(60) not null
idempotency_keys.key character varying(255) not null
idempotency_keys.request_hash character varying(64) not null
idempotency_keys.status smallint
idempotency_keys.body text
idempotency_keys.content_type character varying(120)
idempotency_keys.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
idempotency_keys.expires_at timestamp with time zone not null
integration_connections.id uuid not null default gen_random_uuid()
integration_connections.company_id uuid not null
integration_connections.provider character varying(50) not null
integration_connections.status character varying(20) not null default 'active'::character varying
integration_connections.created_at timestamp with time zone not null
integration_connections.updated_at timestamp with time zone not null
integration_records.id uuid not null default gen_random_uuid()
integration_records.connection_id uuid not null
integration_records.external_id character varying(100) not null
integration_records.document character varying(14) not null
integration_records.synced_at timestamp with time zone not null
integration_sweeps.id uuid not null default gen_random_uuid()
integration_sweeps.connection_id uuid not null
integration_sweeps.day date not null
integration_sweeps.pending_count integer not null
integration_sweeps.created_at timestamp with time zone not null
link_search_buckets.borrower_id uuid not null
link_search_buckets.name_from text not null
link_search_buckets.bits bit(4096) not null
live_streams.uid uuid not null
live_streams.holder_pid integer not null
live_streams.holder_started timestamp with time zone not null
live_streams.session_id uuid
live_streams.user_id uuid
live_streams.opened_at timestamp with time zone not null default CURRENT_TIMESTAMP
notification_counters.user_id uuid not null
notification_counters.company_id uuid not null
notification_counters.total integer not null default 0
notification_counters.unread integer not null default 0
notification_counters.read_before timestamp with time zone
notification_counters.scope_totals jsonb not null default '{}'::jsonb
notification_preferences.id uuid not null default gen_random_uuid()
notification_preferences.user_id uuid not null
notification_preferences.company_id uuid not null
notification_preferences.channels jsonb not null default '{}'::jsonb
notification_preferences.created_at timestamp with time zone not null
notification_preferences.updated_at timestamp with time zone not null
notification_rank_marks.user_id uuid not null
notification_rank_marks.company_id uuid not null
notification_rank_marks.created_at timestamp with time zone not null
notification_rank_marks.id uuid not null
notification_rank_marks.older integer not null
notification_read_marks.user_id uuid not null
notification_read_marks.company_id uuid not null
notification_read_marks.read_before timestamp with time zone not null
notification_read_marks.read_at timestamp with time zone not null
notifications.id uuid not null default gen_random_uuid()
notifications.company_id uuid not null
notifications.user_id uuid not null
notifications.scope character varying(20) not null
notifications.type character varying(50) not null
notifications.title character varying(255) not null
notifications.message text not null
notifications.priority character varying(10) not null default 'medium'::character varying
notifications.is_read boolean not null default false
notifications.read_at timestamp with time zone
notifications.activity jsonb
notifications.actor_id uuid
notifications.actor_name character varying(255)
notifications.actor_avatar character varying(500)
notifications.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
notifications.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
onboarding_documents.id uuid not null default gen_random_uuid()
onboarding_documents.onboarding_id uuid not null
onboarding_documents.source_requirement_id uuid
onboarding_documents.name character varying(255) not null
onboarding_documents.description text
onboarding_documents.is_required boolean not null default true
onboarding_documents.accepted_formats ARRAY not null
onboarding_documents.max_file_size integer not null
onboarding_documents.status character varying(10) not null default 'waiting'::character varying
onboarding_documents.rejection_reason text
onboarding_documents.file_path character varying(500)
onboarding_documents.file_name character varying(255)
onboarding_documents.file_size integer
onboarding_documents.uploaded_at timestamp with time zone
onboarding_documents.position integer not null default 0
onboarding_documents.created_at timestamp with time zone not null
onboarding_documents.updated_at timestamp with time zone not null
onboarding_download_documents.id uuid not null default gen_random_uuid()
onboarding_download_documents.onboarding_id uuid not null
onboarding_download_documents.source_document_id uuid
onboarding_download_documents.name character varying(255) not null
onboarding_download_documents.description text
onboarding_download_documents.file_path character varying(500) not null
onboarding_download_documents.file_name character varying(255) not null
onboarding_download_documents.position integer not null default 0
onboarding_download_documents.created_at timestamp with time zone not null
onboarding_download_documents.updated_at timestamp with time zone not null
onboarding_form_fields.id uuid not null default gen_random_uuid()
onboarding_form_fields.onboarding_id uuid not null
onboarding_form_fields.source_key character varying(255)
onboarding_form_fields.label character varying(255) not null
onboarding_form_fields.type character varying(20) not null
onboarding_form_fields.required boolean not null default false
onboarding_form_fields.options jsonb
onboarding_form_fields.placeholder character varying(255)
onboarding_form_fields.value text
onboarding_form_fields.position integer not null default 0
onboarding_form_fields.created_at timestamp with time zone not null
onboarding_form_fields.updated_at timestamp with time zone not null
onboardings.id uuid not null default gen_random_uuid()
onboardings.contract_id uuid not null
onboardings.borrower_company_id uuid not null
onboardings.provider_company_id uuid
onboardings.provider_user_id uuid
onboardings.status character varying(12) not null default 'pending'::character varying
onboardings.expires_at timestamp with time zone not null
onboardings.token_issued_at timestamp with time zone not null
onboardings.message text
onboardings.submitted_at timestamp with time zone
onboardings.last_sent_at timestamp with time zone
onboardings.created_at timestamp with time zone not null
onboardings.updated_at timestamp with time zone not null
onboardings.token_id uuid not null default gen_random_uuid()
password_resets.id uuid not null default gen_random_uuid()
password_resets.user_id uuid not null
password_resets.token_hash character varying(64) not null
password_resets.expires_at timestamp with time zone not null
password_resets.used_at timestamp with time zone
password_resets.created_at timestamp with time zone not null
provider_compliance_flow_leaderships.provider_compliance_flow_id uuid not null
provider_compliance_flow_leaderships.step_id uuid not null
provider_compliance_flow_leaderships.user_id uuid not null
provider_compliance_flows.id uuid not null default gen_random_uuid()
provider_compliance_flows.company_id uuid not null
provider_compliance_flows.flow_id uuid not null
provider_compliance_flows.provider_id uuid not null
provider_compliance_flows.provider_type character varying(20) not null
provider_compliance_flows.contract_id uuid
provider_compliance_flows.attached_at timestamp with time zone not null
provider_compliance_flows.detached_at timestamp with time zone
provider_compliances.id uuid not null default gen_random_uuid()
provider_compliances.company_id uuid not null
provider_compliances.provider_compliance_flow_id uuid not null
provider_compliances.flow_id uuid not null
provider_compliances.provider_id uuid not null
provider_compliances.year smallint not null
provider_compliances.month smallint not null
provider_compliances.status character varying(10) not null default 'pending'::character varying
provider_compliances.submitted_at timestamp with time zone
provider_compliances.reviewed_at timestamp with time zone
provider_compliances.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
provider_compliances.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
rate_limits.key character varying(255) not null
rate_limits.points integer not null default 0
rate_limits.expire bigint
read_version_changes.scopes ARRAY not null
read_versions.scope text not null
read_versions.version bigint not null
refresh_tokens.id uuid not null default gen_random_uuid()
refresh_tokens.session_id uuid not null
refresh_tokens.token_hash character varying(64) not null
refresh_tokens.expires_at timestamp with time zone not null
refresh_tokens.used_at timestamp with time zone
refresh_tokens.created_at timestamp with time zone not null
reminders_sent.kind character varying(20) not null
reminders_sent.item_id uuid not null
reminders_sent.day date not null
reminders_sent.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
retroactive_requests.id uuid not null default gen_random_uuid()
retroactive_requests.company_id uuid not null
retroactive_requests.contract_part_id uuid
retroactive_requests.user_id uuid not null
retroactive_requests.date date not null
retroactive_requests.reason text not null
retroactive_requests.tasks jsonb not null default '[]'::jsonb
retroactive_requests.total_minutes integer not null
retroactive_requests.captured_at timestamp with time zone
retroactive_requests.latitude double precision
retroactive_requests.longitude double precision
retroactive_requests.location_accuracy double precision
retroactive_requests.status character varying(10) not null default 'pending'::character varying
retroactive_requests.decline_reason text
retroactive_requests.reviewed_by uuid
retroactive_requests.reviewed_at timestamp with time zone
retroactive_requests.work_entry_id uuid
retroactive_requests.created_at timestamp with time zone not null
retroactive_requests.updated_at timestamp with time zone not null
schedule_runs.schedule character varying(64) not null
schedule_runs.due_at timestamp with time zone not null
schedule_runs.worker character varying(255) not null
schedule_runs.claimed_at timestamp with time zone not null default CURRENT_TIMESTAMP
step_compliance_approvals.id uuid not null default gen_random_uuid()
step_compliance_approvals.step_compliance_id uuid not null
step_compliance_approvals.document_id uuid
step_compliance_approvals.user_id uuid not null
step_compliance_approvals.decision character varying(10) not null
step_compliance_approvals.created_at timestamp with time zone not null
step_compliance_documents.id uuid not null default gen_random_uuid()
step_compliance_documents.step_compliance_id uuid not null
step_compliance_documents.requirement_id uuid not null
step_compliance_documents.file_name character varying(255) not null
step_compliance_documents.file_path character varying(500) not null
step_compliance_documents.file_size integer not null
step_compliance_documents.status character varying(10) not null default 'pending'::character varying
step_compliance_documents.rejection_reason text
step_compliance_documents.uploaded_by uuid
step_compliance_documents.sent_at timestamp with time zone not null
step_compliance_documents.reviewed_at timestamp with time zone
step_compliances.id uuid not null default gen_random_uuid()
step_compliances.provider_compliance_id uuid not null
step_compliances.step_id uuid not null
step_compliances.status character varying(12) not null
step_compliances.granted_data_types jsonb not null default '[]'::jsonb
step_compliances.submitted_at timestamp with time zone
step_compliances.reviewed_at timestamp with time zone
step_compliances.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
step_compliances.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
user_identities.id uuid not null default gen_random_uuid()
user_identities.user_id uuid not null
user_identities.provider character varying(20) not null
user_identities.subject character varying(255) not null
user_identities.email character varying(254)
user_identities.created_at timestamp with time zone not null
user_identities.updated_at timestamp with time zone not null
user_invitations.id uuid not null default gen_random_uuid()
user_invitations.user_id uuid not null
user_invitations.company_id uuid not null
user_invitations.invited_by uuid
user_invitations.token_hash character varying(64) not null
user_invitations.expires_at timestamp with time zone not null
user_invitations.accepted_at timestamp with time zone
user_invitations.created_at timestamp with time zone not null
user_invitations.provider_company_id uuid
user_invitations.new_company jsonb
user_invitations.role character varying(20) not null default 'provider'::character varying
users.id uuid not null default gen_random_uuid()
users.name character varying(255) not null
users.email character varying(254) not null
users.phone character varying(32)
users.cpf character varying(11)
users.avatar character varying(500)
users.password character varying(255)
users.created_at timestamp with time zone not null
users.updated_at timestamp with time zone not null
users.email_verified_at timestamp with time zone
users.locale character varying(8)
webhook_endpoints.id uuid not null default gen_random_uuid()
webhook_endpoints.company_id uuid not null
webhook_endpoints.url text not null
webhook_endpoints.events ARRAY not null
webhook_endpoints.description text
webhook_endpoints.is_active boolean not null default true
webhook_endpoints.secret text not null
webhook_endpoints.consecutive_dead integer not null default 0
webhook_endpoints.disabled_at timestamp with time zone
webhook_endpoints.created_at timestamp with time zone not null default CURRENT_TIMESTAMP
webhook_endpoints.updated_at timestamp with time zone not null default CURRENT_TIMESTAMP
webhook_events.id uuid not null default gen_random_uuid()
webhook_events.company_id uuid not null
webhook_events.type character varying(80) not null
webhook_events.payload jsonb not null
webhook_events.occurred_at timestamp with time zone not null
work_entries.id uuid not null default gen_random_uuid()
work_entries.company_id uuid not null
work_entries.contract_part_id uuid
work_entries.user_id uuid not null
work_entries.date date not null
work_entries.reason text
work_entries.total_minutes integer not null
work_entries.captured_at timestamp with time zone
work_entries.latitude double precision
work_entries.longitude double precision
work_entries.location_accuracy double precision
work_entries.created_at timestamp with time zone not null
work_entries.updated_at timestamp with time zone not null
work_entry_tasks.id uuid not null default gen_random_uuid()
work_entry_tasks.work_entry_id uuid not null
work_entry_tasks.description character varying(500) not null
work_entry_tasks.duration_minutes integer not null
work_entry_tasks.position smallint not null default '0'::smallint
work_entry_tasks.created_at timestamp with time zone not null
workflows.id uuid not null default gen_random_uuid()
workflows.company_id uuid not null
workflows.name character varying(255) not null
workflows.company_role character varying(10) not null
workflows.deadline_days integer
workflows.steps jsonb not null default '[]'::jsonb
workflows.deleted_at timestamp with time zone
workflows.created_at timestamp with time zone not null
workflows.updated_at timestamp with time zone not null

-- constraints
adonis_schema adonis_schema_batch_not_null NOT NULL batch
adonis_schema adonis_schema_id_not_null NOT NULL id
adonis_schema adonis_schema_name_not_null NOT NULL name
adonis_schema adonis_schema_pkey PRIMARY KEY (id)
adonis_schema_versions adonis_schema_versions_pkey PRIMARY KEY (version)
adonis_schema_versions adonis_schema_versions_version_not_null NOT NULL version
api_keys api_keys_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
api_keys api_keys_company_id_not_null NOT NULL company_id
api_keys api_keys_created_at_not_null NOT NULL created_at
api_keys api_keys_created_by_foreign FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL
api_keys api_keys_id_not_null NOT NULL id
api_keys api_keys_name_not_null NOT NULL name
api_keys api_keys_permissions_not_null NOT NULL permissions
api_keys api_keys_pkey PRIMARY KEY (id)
api_keys api_keys_prefix_not_null NOT NULL prefix
api_keys api_keys_token_hash_not_null NOT NULL token_hash
api_keys api_keys_token_hash_unique UNIQUE (token_hash)
api_keys api_keys_updated_at_not_null NOT NULL updated_at
api_keys api_keys_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
api_keys api_keys_user_id_not_null NOT NULL user_id
app_versions app_versions_created_at_not_null NOT NULL created_at
app_versions app_versions_delivery_check CHECK (((delivery)::text = ANY ((ARRAY['store'::character varying, 'ota'::character varying])::text[])))
app_versions app_versions_delivery_not_null NOT NULL delivery
app_versions app_versions_description_not_null NOT NULL description
app_versions app_versions_force_update_not_null NOT NULL force_update
app_versions app_versions_id_not_null NOT NULL id
app_versions app_versions_launch_at_not_null NOT NULL launch_at
app_versions app_versions_major_not_null NOT NULL major
app_versions app_versions_min_supported_version_not_null NOT NULL min_supported_version
app_versions app_versions_minor_not_null NOT NULL minor
app_versions app_versions_patch_not_null NOT NULL patch
app_versions app_versions_pkey PRIMARY KEY (id)
app_versions app_versions_platform_check CHECK (((platform)::text = ANY ((ARRAY['ios'::character varying, 'android'::character varying])::text[])))
app_versions app_versions_platform_not_null NOT NULL platform
app_versions app_versions_platform_version_unique UNIQUE (platform, version)
app_versions app_versions_title_not_null NOT NULL title
app_versions app_versions_type_check CHECK (((type)::text = ANY ((ARRAY['feature'::character varying, 'bug_fix'::character varying, 'release'::character varying])::text[])))
app_versions app_versions_type_not_null NOT NULL type
app_versions app_versions_updated_at_not_null NOT NULL updated_at
app_versions app_versions_version_not_null NOT NULL version
audit_log audit_log_action_not_null NOT NULL action
audit_log audit_log_actor_type_not_null NOT NULL actor_type
audit_log audit_log_created_at_not_null NOT NULL created_at
audit_log audit_log_fields_not_null NOT NULL fields
audit_log audit_log_id_not_null NOT NULL id
audit_log audit_log_pkey PRIMARY KEY (id)
audit_log audit_log_resource_not_null NOT NULL resource
auth_sessions auth_sessions_created_at_not_null NOT NULL created_at
auth_sessions auth_sessions_expires_at_not_null NOT NULL expires_at
auth_sessions auth_sessions_id_not_null NOT NULL id
auth_sessions auth_sessions_pkey PRIMARY KEY (id)
auth_sessions auth_sessions_updated_at_not_null NOT NULL updated_at
auth_sessions auth_sessions_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
auth_sessions auth_sessions_user_id_not_null NOT NULL user_id
companies companies_created_at_not_null NOT NULL created_at
companies companies_document_not_null NOT NULL document
companies companies_document_status_check CHECK (((document_status)::text = ANY ((ARRAY['claimed'::character varying, 'verified'::character varying, 'revoked'::character varying])::text[])))
companies companies_document_status_not_null NOT NULL document_status
companies companies_id_not_null NOT NULL id
companies companies_name_not_null NOT NULL name
companies companies_pkey PRIMARY KEY (id)
companies companies_timezone_not_null NOT NULL timezone
companies companies_updated_at_not_null NOT NULL updated_at
company_document_events company_document_events_company_id_not_null NOT NULL company_id
company_document_events company_document_events_created_at_not_null NOT NULL created_at
company_document_events company_document_events_document_not_null NOT NULL document
company_document_events company_document_events_event_not_null NOT NULL event
company_document_events company_document_events_id_not_null NOT NULL id
company_document_events company_document_events_pkey PRIMARY KEY (id)
company_document_events company_document_events_proof_not_null NOT NULL proof
company_link_counters company_link_counters_active_not_null NOT NULL active
company_link_counters company_link_counters_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
company_link_counters company_link_counters_company_id_not_null NOT NULL company_id
company_link_counters company_link_counters_pkey PRIMARY KEY (company_id)
company_link_counters company_link_counters_total_not_null NOT NULL total
company_members company_members_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
company_members company_members_company_id_not_null NOT NULL company_id
company_members company_members_company_id_user_id_unique UNIQUE (company_id, user_id)
company_members company_members_created_at_not_null NOT NULL created_at
company_members company_members_id_not_null NOT NULL id
company_members company_members_pkey PRIMARY KEY (id)
company_members company_members_role_not_null NOT NULL role
company_members company_members_updated_at_not_null NOT NULL updated_at
company_members company_members_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
company_members company_members_user_id_not_null NOT NULL user_id
company_notification_settings company_notification_settings_allowed_channels_not_null NOT NULL allowed_channels
company_notification_settings company_notification_settings_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
company_notification_settings company_notification_settings_company_id_not_null NOT NULL company_id
company_notification_settings company_notification_settings_company_id_unique UNIQUE (company_id)
company_notification_settings company_notification_settings_created_at_not_null NOT NULL created_at
company_notification_settings company_notification_settings_id_not_null NOT NULL id
company_notification_settings company_notification_settings_pkey PRIMARY KEY (id)
company_notification_settings company_notification_settings_types_not_null NOT NULL types
company_notification_settings company_notification_settings_updated_at_not_null NOT NULL updated_at
compliance_document_requirements compliance_document_requirements_formats_not_null NOT NULL formats
compliance_document_requirements compliance_document_requirements_id_not_null NOT NULL id
compliance_document_requirements compliance_document_requirements_name_not_null NOT NULL name
compliance_document_requirements compliance_document_requirements_pkey PRIMARY KEY (id)
compliance_document_requirements compliance_document_requirements_position_not_null NOT NULL "position"
compliance_document_requirements compliance_document_requirements_required_not_null NOT NULL required
compliance_document_requirements compliance_document_requirements_step_id_foreign FOREIGN KEY (step_id) REFERENCES compliance_steps(id) ON DELETE CASCADE
compliance_document_requirements compliance_document_requirements_step_id_not_null NOT NULL step_id
compliance_flows compliance_flows_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
compliance_flows compliance_flows_company_id_not_null NOT NULL company_id
compliance_flows compliance_flows_created_at_not_null NOT NULL created_at
compliance_flows compliance_flows_id_not_null NOT NULL id
compliance_flows compliance_flows_name_not_null NOT NULL name
compliance_flows compliance_flows_pkey PRIMARY KEY (id)
compliance_flows compliance_flows_providers_count_not_null NOT NULL providers_count
compliance_flows compliance_flows_status_check CHECK (((status)::text = ANY ((ARRAY['draft'::character varying, 'active'::character varying, 'archived'::character varying])::text[])))
compliance_flows compliance_flows_status_not_null NOT NULL status
compliance_flows compliance_flows_updated_at_not_null NOT NULL updated_at
compliance_step_validators compliance_step_validators_id_not_null NOT NULL id
compliance_step_validators compliance_step_validators_pkey PRIMARY KEY (id)
compliance_step_validators compliance_step_validators_step_id_foreign FOREIGN KEY (step_id) REFERENCES compliance_steps(id) ON DELETE CASCADE
compliance_step_validators compliance_step_validators_step_id_not_null NOT NULL step_id
compliance_step_validators compliance_step_validators_step_id_user_id_unique UNIQUE (step_id, user_id)
compliance_step_validators compliance_step_validators_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
compliance_step_validators compliance_step_validators_user_id_not_null NOT NULL user_id
compliance_steps compliance_steps_all_validators_required_not_null NOT NULL all_validators_required
compliance_steps compliance_steps_created_at_not_null NOT NULL created_at
compliance_steps compliance_steps_day_end_not_null NOT NULL day_end
compliance_steps compliance_steps_day_start_not_null NOT NULL day_start
compliance_steps compliance_steps_days CHECK ((((day_start >= 1) AND (day_start <= 31)) AND ((day_end >= 1) AND (day_end <= 31))))
compliance_steps compliance_steps_depends_on_previous_not_null NOT NULL depends_on_previous
compliance_steps compliance_steps_flow_id_foreign FOREIGN KEY (flow_id) REFERENCES compliance_flows(id) ON DELETE CASCADE
compliance_steps compliance_steps_flow_id_not_null NOT NULL flow_id
compliance_steps compliance_steps_frequency_check CHECK (((frequency)::text = ANY ((ARRAY['weekly'::character varying, 'biweekly'::character varying, 'monthly'::character varying, 'quarterly'::character varying, 'custom'::character varying])::text[])))
compliance_steps compliance_steps_frequency_not_null NOT NULL frequency
compliance_steps compliance_steps_id_not_null NOT NULL id
compliance_steps compliance_steps_include_immediate_leadership_not_null NOT NULL include_immediate_leadership
compliance_steps compliance_steps_only_immediate_leadership_required_not_null NOT NULL only_immediate_leadership_required
compliance_steps compliance_steps_pkey PRIMARY KEY (id)
compliance_steps compliance_steps_platform_data_types_not_null NOT NULL platform_data_types
compliance_steps compliance_steps_position_not_null NOT NULL "position"
compliance_steps compliance_steps_step_type_check CHECK (((step_type)::text = ANY ((ARRAY['documents'::character varying, 'platformData'::character varying])::text[])))
compliance_steps compliance_steps_step_type_not_null NOT NULL step_type
compliance_steps compliance_steps_title_not_null NOT NULL title
compliance_steps compliance_steps_updated_at_not_null NOT NULL updated_at
contract_document_requirements contract_document_requirements_accepted_formats_not_null NOT NULL accepted_formats
contract_document_requirements contract_document_requirements_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_document_requirements contract_document_requirements_contract_id_not_null NOT NULL contract_id
contract_document_requirements contract_document_requirements_created_at_not_null NOT NULL created_at
contract_document_requirements contract_document_requirements_id_not_null NOT NULL id
contract_document_requirements contract_document_requirements_is_download_not_null NOT NULL is_download
contract_document_requirements contract_document_requirements_is_required_not_null NOT NULL is_required
contract_document_requirements contract_document_requirements_max_file_size_not_null NOT NULL max_file_size
contract_document_requirements contract_document_requirements_name_not_null NOT NULL name
contract_document_requirements contract_document_requirements_pkey PRIMARY KEY (id)
contract_document_requirements contract_document_requirements_position_not_null NOT NULL "position"
contract_document_requirements contract_document_requirements_updated_at_not_null NOT NULL updated_at
contract_history contract_history_actor_id_foreign FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE SET NULL
contract_history contract_history_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_history contract_history_contract_id_not_null NOT NULL contract_id
contract_history contract_history_created_at_not_null NOT NULL created_at
contract_history contract_history_id_not_null NOT NULL id
contract_history contract_history_payload_not_null NOT NULL payload
contract_history contract_history_pkey PRIMARY KEY (id)
contract_history contract_history_type_not_null NOT NULL type
contract_name_hours contract_name_hours_bits_not_null NOT NULL bits
contract_name_hours contract_name_hours_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
contract_name_hours contract_name_hours_company_id_not_null NOT NULL company_id
contract_name_hours contract_name_hours_hour_not_null NOT NULL hour
contract_name_hours contract_name_hours_pkey PRIMARY KEY (company_id, status, hour)
contract_name_hours contract_name_hours_status_not_null NOT NULL status
contract_name_statuses contract_name_statuses_bits_not_null NOT NULL bits
contract_name_statuses contract_name_statuses_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
contract_name_statuses contract_name_statuses_company_id_not_null NOT NULL company_id
contract_name_statuses contract_name_statuses_pkey PRIMARY KEY (company_id, status)
contract_name_statuses contract_name_statuses_status_not_null NOT NULL status
contract_part_groups contract_part_groups_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_part_groups contract_part_groups_contract_id_not_null NOT NULL contract_id
contract_part_groups contract_part_groups_created_at_not_null NOT NULL created_at
contract_part_groups contract_part_groups_id_not_null NOT NULL id
contract_part_groups contract_part_groups_name_not_null NOT NULL name
contract_part_groups contract_part_groups_part_ids_not_null NOT NULL part_ids
contract_part_groups contract_part_groups_pkey PRIMARY KEY (id)
contract_part_groups contract_part_groups_position_not_null NOT NULL "position"
contract_part_groups contract_part_groups_updated_at_not_null NOT NULL updated_at
contract_parts contract_parts_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
contract_parts contract_parts_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_parts contract_parts_contract_id_not_null NOT NULL contract_id
contract_parts contract_parts_created_at_not_null NOT NULL created_at
contract_parts contract_parts_id_not_null NOT NULL id
contract_parts contract_parts_is_active_not_null NOT NULL is_active
contract_parts contract_parts_one_party CHECK (((company_id IS NULL) <> (user_id IS NULL)))
contract_parts contract_parts_pkey PRIMARY KEY (id)
contract_parts contract_parts_role_check CHECK (((role)::text = ANY ((ARRAY['BORROWER'::character varying, 'PROVIDER'::character varying, 'NEUTRAL'::character varying])::text[])))
contract_parts contract_parts_role_not_null NOT NULL role
contract_parts contract_parts_updated_at_not_null NOT NULL updated_at
contract_parts contract_parts_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
contract_review_approvals contract_review_approvals_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_review_approvals contract_review_approvals_contract_id_not_null NOT NULL contract_id
contract_review_approvals contract_review_approvals_created_at_not_null NOT NULL created_at
contract_review_approvals contract_review_approvals_decision_not_null NOT NULL decision
contract_review_approvals contract_review_approvals_id_not_null NOT NULL id
contract_review_approvals contract_review_approvals_item_id_not_null NOT NULL item_id
contract_review_approvals contract_review_approvals_item_id_reviewer_id_unique UNIQUE (item_id, reviewer_id)
contract_review_approvals contract_review_approvals_pkey PRIMARY KEY (id)
contract_review_approvals contract_review_approvals_reviewed_at_not_null NOT NULL reviewed_at
contract_review_approvals contract_review_approvals_reviewer_id_foreign FOREIGN KEY (reviewer_id) REFERENCES contract_reviewers(id) ON DELETE CASCADE
contract_review_approvals contract_review_approvals_reviewer_id_not_null NOT NULL reviewer_id
contract_review_approvals contract_review_approvals_updated_at_not_null NOT NULL updated_at
contract_review_comments contract_review_comments_author_id_foreign FOREIGN KEY (author_id) REFERENCES users(id) ON DELETE CASCADE
contract_review_comments contract_review_comments_author_id_not_null NOT NULL author_id
contract_review_comments contract_review_comments_content_not_null NOT NULL content
contract_review_comments contract_review_comments_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_review_comments contract_review_comments_contract_id_not_null NOT NULL contract_id
contract_review_comments contract_review_comments_created_at_not_null NOT NULL created_at
contract_review_comments contract_review_comments_id_not_null NOT NULL id
contract_review_comments contract_review_comments_item_id_not_null NOT NULL item_id
contract_review_comments contract_review_comments_pkey PRIMARY KEY (id)
contract_review_comments contract_review_comments_updated_at_not_null NOT NULL updated_at
contract_reviewers contract_reviewers_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_reviewers contract_reviewers_contract_id_not_null NOT NULL contract_id
contract_reviewers contract_reviewers_contract_id_user_id_unique UNIQUE (contract_id, user_id)
contract_reviewers contract_reviewers_created_at_not_null NOT NULL created_at
contract_reviewers contract_reviewers_id_not_null NOT NULL id
contract_reviewers contract_reviewers_is_required_not_null NOT NULL is_required
contract_reviewers contract_reviewers_pkey PRIMARY KEY (id)
contract_reviewers contract_reviewers_position_not_null NOT NULL "position"
contract_reviewers contract_reviewers_updated_at_not_null NOT NULL updated_at
contract_reviewers contract_reviewers_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
contract_reviewers contract_reviewers_user_id_not_null NOT NULL user_id
contract_signature_groups contract_signature_groups_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_signature_groups contract_signature_groups_contract_id_not_null NOT NULL contract_id
contract_signature_groups contract_signature_groups_created_at_not_null NOT NULL created_at
contract_signature_groups contract_signature_groups_id_not_null NOT NULL id
contract_signature_groups contract_signature_groups_is_part_group_not_null NOT NULL is_part_group
contract_signature_groups contract_signature_groups_name_not_null NOT NULL name
contract_signature_groups contract_signature_groups_pkey PRIMARY KEY (id)
contract_signature_groups contract_signature_groups_position_not_null NOT NULL "position"
contract_signature_groups contract_signature_groups_updated_at_not_null NOT NULL updated_at
contract_signature_members contract_signature_members_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_signature_members contract_signature_members_contract_id_not_null NOT NULL contract_id
contract_signature_members contract_signature_members_created_at_not_null NOT NULL created_at
contract_signature_members contract_signature_members_email_not_null NOT NULL email
contract_signature_members contract_signature_members_group_id_foreign FOREIGN KEY (group_id) REFERENCES contract_signature_groups(id) ON DELETE CASCADE
contract_signature_members contract_signature_members_group_id_not_null NOT NULL group_id
contract_signature_members contract_signature_members_id_not_null NOT NULL id
contract_signature_members contract_signature_members_name_not_null NOT NULL name
contract_signature_members contract_signature_members_pkey PRIMARY KEY (id)
contract_signature_members contract_signature_members_position_not_null NOT NULL "position"
contract_signature_members contract_signature_members_status_not_null NOT NULL status
contract_signature_members contract_signature_members_updated_at_not_null NOT NULL updated_at
contract_signature_members contract_signature_members_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
contract_status_counters contract_status_counters_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
contract_status_counters contract_status_counters_company_id_not_null NOT NULL company_id
contract_status_counters contract_status_counters_pkey PRIMARY KEY (company_id, status)
contract_status_counters contract_status_counters_status_not_null NOT NULL status
contract_status_counters contract_status_counters_total_not_null NOT NULL total
contract_templates contract_templates_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
contract_templates contract_templates_company_id_not_null NOT NULL company_id
contract_templates contract_templates_created_at_not_null NOT NULL created_at
contract_templates contract_templates_html_not_null NOT NULL html
contract_templates contract_templates_id_not_null NOT NULL id
contract_templates contract_templates_name_not_null NOT NULL name
contract_templates contract_templates_pkey PRIMARY KEY (id)
contract_templates contract_templates_updated_at_not_null NOT NULL updated_at
contract_templates contract_templates_variables_not_null NOT NULL variables
contract_uploaded_files contract_uploaded_files_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_uploaded_files contract_uploaded_files_contract_id_not_null NOT NULL contract_id
contract_uploaded_files contract_uploaded_files_created_at_not_null NOT NULL created_at
contract_uploaded_files contract_uploaded_files_document_id_foreign FOREIGN KEY (document_id) REFERENCES contract_document_requirements(id) ON DELETE CASCADE
contract_uploaded_files contract_uploaded_files_document_id_not_null NOT NULL document_id
contract_uploaded_files contract_uploaded_files_document_id_part_id_unique UNIQUE (document_id, part_id)
contract_uploaded_files contract_uploaded_files_file_name_not_null NOT NULL file_name
contract_uploaded_files contract_uploaded_files_file_path_not_null NOT NULL file_path
contract_uploaded_files contract_uploaded_files_file_size_not_null NOT NULL file_size
contract_uploaded_files contract_uploaded_files_id_not_null NOT NULL id
contract_uploaded_files contract_uploaded_files_mime_type_not_null NOT NULL mime_type
contract_uploaded_files contract_uploaded_files_part_id_foreign FOREIGN KEY (part_id) REFERENCES contract_parts(id) ON DELETE CASCADE
contract_uploaded_files contract_uploaded_files_part_id_not_null NOT NULL part_id
contract_uploaded_files contract_uploaded_files_pkey PRIMARY KEY (id)
contract_uploaded_files contract_uploaded_files_reviewed_by_foreign FOREIGN KEY (reviewed_by) REFERENCES users(id) ON DELETE SET NULL
contract_uploaded_files contract_uploaded_files_sha256_not_null NOT NULL sha256
contract_uploaded_files contract_uploaded_files_status_not_null NOT NULL status
contract_uploaded_files contract_uploaded_files_updated_at_not_null NOT NULL updated_at
contract_uploaded_files contract_uploaded_files_uploaded_at_not_null NOT NULL uploaded_at
contract_uploaded_files contract_uploaded_files_uploaded_by_foreign FOREIGN KEY (uploaded_by) REFERENCES users(id) ON DELETE SET NULL
contract_variable_values contract_variable_values_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
contract_variable_values contract_variable_values_contract_id_not_null NOT NULL contract_id
contract_variable_values contract_variable_values_created_at_not_null NOT NULL created_at
contract_variable_values contract_variable_values_group_id_foreign FOREIGN KEY (group_id) REFERENCES contract_part_groups(id) ON DELETE SET NULL
contract_variable_values contract_variable_values_id_not_null NOT NULL id
contract_variable_values contract_variable_values_name_not_null NOT NULL name
contract_variable_values contract_variable_values_part_id_foreign FOREIGN KEY (part_id) REFERENCES contract_parts(id) ON DELETE SET NULL
contract_variable_values contract_variable_values_pkey PRIMARY KEY (id)
contract_variable_values contract_variable_values_position_not_null NOT NULL "position"
contract_variable_values contract_variable_values_required_not_null NOT NULL required
contract_variable_values contract_variable_values_source_not_null NOT NULL source
contract_variable_values contract_variable_values_type_not_null NOT NULL type
contract_variable_values contract_variable_values_updated_at_not_null NOT NULL updated_at
contract_variable_values contract_variable_values_value_not_null NOT NULL value
contracts contracts_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
contracts contracts_company_id_not_null NOT NULL company_id
contracts contracts_created_at_not_null NOT NULL created_at
contracts contracts_created_by_foreign FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL
contracts contracts_id_not_null NOT NULL id
contracts contracts_name_not_null NOT NULL name
contracts contracts_pkey PRIMARY KEY (id)
contracts contracts_progress_not_null NOT NULL progress
contracts contracts_snapshot_not_null NOT NULL snapshot
contracts contracts_status_check CHECK (((status)::text = ANY ((ARRAY['draft'::character varying, 'parts'::character varying, 'model'::character varying, 'documents'::character varying, 'in_review'::character varying, 'provider'::character varying, 'provider_filling'::character varying, 'signature'::character varying, 'signing'::character varying, 'completed'::character varying, 'active'::character varying, 'finished'::character varying, 'overdue'::character varying, 'cancelled'::character varying, 'archived'::character varying])::text[])))
contracts contracts_status_not_null NOT NULL status
contracts contracts_template_id_foreign FOREIGN KEY (template_id) REFERENCES contract_templates(id) ON DELETE SET NULL
contracts contracts_updated_at_not_null NOT NULL updated_at
contracts contracts_workflow_id_foreign FOREIGN KEY (workflow_id) REFERENCES workflows(id) ON DELETE SET NULL
data_exports data_exports_created_at_not_null NOT NULL created_at
data_exports data_exports_id_not_null NOT NULL id
data_exports data_exports_pkey PRIMARY KEY (id)
data_exports data_exports_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'ready'::character varying, 'failed'::character varying])::text[])))
data_exports data_exports_status_not_null NOT NULL status
data_exports data_exports_updated_at_not_null NOT NULL updated_at
data_exports data_exports_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
data_exports data_exports_user_id_not_null NOT NULL user_id
deliveries deliveries_attempts_not_null NOT NULL attempts
deliveries deliveries_channel_not_null NOT NULL channel
deliveries deliveries_created_at_not_null NOT NULL created_at
deliveries deliveries_id_not_null NOT NULL id
deliveries deliveries_next_attempt_at_not_null NOT NULL next_attempt_at
deliveries deliveries_payload_not_null NOT NULL payload
deliveries deliveries_pkey PRIMARY KEY (id)
deliveries deliveries_requeued_at_attempt_not_null NOT NULL requeued_at_attempt
deliveries deliveries_status_not_null NOT NULL status
deliveries deliveries_updated_at_not_null NOT NULL updated_at
deliveries deliveries_webhook_endpoint_id_foreign FOREIGN KEY (webhook_endpoint_id) REFERENCES webhook_endpoints(id) ON DELETE CASCADE
deliveries deliveries_webhook_event_id_foreign FOREIGN KEY (webhook_event_id) REFERENCES webhook_events(id) ON DELETE CASCADE
delivery_attempts delivery_attempts_attempt_not_null NOT NULL attempt
delivery_attempts delivery_attempts_channel_not_null NOT NULL channel
delivery_attempts delivery_attempts_delivery_id_attempt_unique UNIQUE (delivery_id, attempt)
delivery_attempts delivery_attempts_delivery_id_foreign FOREIGN KEY (delivery_id) REFERENCES deliveries(id) ON DELETE CASCADE
delivery_attempts delivery_attempts_delivery_id_not_null NOT NULL delivery_id
delivery_attempts delivery_attempts_id_not_null NOT NULL id
delivery_attempts delivery_attempts_outcome_not_null NOT NULL outcome
delivery_attempts delivery_attempts_pkey PRIMARY KEY (id)
delivery_attempts delivery_attempts_started_at_not_null NOT NULL started_at
idempotency_keys idempotency_keys_caller_not_null NOT NULL caller
idempotency_keys idempotency_keys_created_at_not_null NOT NULL created_at
idempotency_keys idempotency_keys_expires_at_not_null NOT NULL expires_at
idempotency_keys idempotency_keys_key_not_null NOT NULL key
idempotency_keys idempotency_keys_pkey PRIMARY KEY (caller, key)
idempotency_keys idempotency_keys_request_hash_not_null NOT NULL request_hash
integration_connections integration_connections_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
integration_connections integration_connections_company_id_not_null NOT NULL company_id
integration_connections integration_connections_company_id_provider_unique UNIQUE (company_id, provider)
integration_connections integration_connections_created_at_not_null NOT NULL created_at
integration_connections integration_connections_id_not_null NOT NULL id
integration_connections integration_connections_pkey PRIMARY KEY (id)
integration_connections integration_connections_provider_not_null NOT NULL provider
integration_connections integration_connections_status_check CHECK (((status)::text = ANY ((ARRAY['active'::character varying, 'paused'::character varying])::text[])))
integration_connections integration_connections_status_not_null NOT NULL status
integration_connections integration_connections_updated_at_not_null NOT NULL updated_at
integration_records integration_records_connection_id_external_id_unique UNIQUE (connection_id, external_id)
integration_records integration_records_connection_id_foreign FOREIGN KEY (connection_id) REFERENCES integration_connections(id) ON DELETE CASCADE
integration_records integration_records_connection_id_not_null NOT NULL connection_id
integration_records integration_records_document_not_null NOT NULL document
integration_records integration_records_external_id_not_null NOT NULL external_id
integration_records integration_records_id_not_null NOT NULL id
integration_records integration_records_pkey PRIMARY KEY (id)
integration_records integration_records_synced_at_not_null NOT NULL synced_at
integration_sweeps integration_sweeps_connection_id_day_unique UNIQUE (connection_id, day)
integration_sweeps integration_sweeps_connection_id_foreign FOREIGN KEY (connection_id) REFERENCES integration_connections(id) ON DELETE CASCADE
integration_sweeps integration_sweeps_connection_id_not_null NOT NULL connection_id
integration_sweeps integration_sweeps_created_at_not_null NOT NULL created_at
integration_sweeps integration_sweeps_day_not_null NOT NULL day
integration_sweeps integration_sweeps_id_not_null NOT NULL id
integration_sweeps integration_sweeps_pending_count_not_null NOT NULL pending_count
integration_sweeps integration_sweeps_pkey PRIMARY KEY (id)
link_search_buckets link_search_buckets_bits_not_null NOT NULL bits
link_search_buckets link_search_buckets_borrower_id_foreign FOREIGN KEY (borrower_id) REFERENCES companies(id) ON DELETE CASCADE
link_search_buckets link_search_buckets_borrower_id_not_null NOT NULL borrower_id
link_search_buckets link_search_buckets_name_from_not_null NOT NULL name_from
link_search_buckets link_search_buckets_pkey PRIMARY KEY (borrower_id, name_from)
live_streams live_streams_holder_pid_not_null NOT NULL holder_pid
live_streams live_streams_holder_started_not_null NOT NULL holder_started
live_streams live_streams_opened_at_not_null NOT NULL opened_at
live_streams live_streams_pkey PRIMARY KEY (uid)
live_streams live_streams_uid_not_null NOT NULL uid
notification_counters notification_counters_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
notification_counters notification_counters_company_id_not_null NOT NULL company_id
notification_counters notification_counters_pkey PRIMARY KEY (user_id, company_id)
notification_counters notification_counters_scope_totals_not_null NOT NULL scope_totals
notification_counters notification_counters_total_not_null NOT NULL total
notification_counters notification_counters_unread_not_null NOT NULL unread
notification_counters notification_counters_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notification_counters notification_counters_user_id_not_null NOT NULL user_id
notification_preferences notification_preferences_channels_not_null NOT NULL channels
notification_preferences notification_preferences_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
notification_preferences notification_preferences_company_id_not_null NOT NULL company_id
notification_preferences notification_preferences_created_at_not_null NOT NULL created_at
notification_preferences notification_preferences_id_not_null NOT NULL id
notification_preferences notification_preferences_pkey PRIMARY KEY (id)
notification_preferences notification_preferences_updated_at_not_null NOT NULL updated_at
notification_preferences notification_preferences_user_id_company_id_unique UNIQUE (user_id, company_id)
notification_preferences notification_preferences_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notification_preferences notification_preferences_user_id_not_null NOT NULL user_id
notification_rank_marks notification_rank_marks_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
notification_rank_marks notification_rank_marks_company_id_not_null NOT NULL company_id
notification_rank_marks notification_rank_marks_created_at_not_null NOT NULL created_at
notification_rank_marks notification_rank_marks_id_not_null NOT NULL id
notification_rank_marks notification_rank_marks_older_not_null NOT NULL older
notification_rank_marks notification_rank_marks_pkey PRIMARY KEY (user_id, company_id, created_at, id)
notification_rank_marks notification_rank_marks_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notification_rank_marks notification_rank_marks_user_id_not_null NOT NULL user_id
notification_read_marks notification_read_marks_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
notification_read_marks notification_read_marks_company_id_not_null NOT NULL company_id
notification_read_marks notification_read_marks_pkey PRIMARY KEY (user_id, company_id, read_before)
notification_read_marks notification_read_marks_read_at_not_null NOT NULL read_at
notification_read_marks notification_read_marks_read_before_not_null NOT NULL read_before
notification_read_marks notification_read_marks_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notification_read_marks notification_read_marks_user_id_not_null NOT NULL user_id
notifications notifications_actor_id_foreign FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE SET NULL
notifications notifications_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
notifications notifications_company_id_not_null NOT NULL company_id
notifications notifications_created_at_not_null NOT NULL created_at
notifications notifications_id_not_null NOT NULL id
notifications notifications_is_read_not_null NOT NULL is_read
notifications notifications_message_not_null NOT NULL message
notifications notifications_pkey PRIMARY KEY (id)
notifications notifications_priority_not_null NOT NULL priority
notifications notifications_scope_not_null NOT NULL scope
notifications notifications_title_not_null NOT NULL title
notifications notifications_type_not_null NOT NULL type
notifications notifications_updated_at_not_null NOT NULL updated_at
notifications notifications_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
notifications notifications_user_id_not_null NOT NULL user_id
onboarding_documents onboarding_documents_accepted_formats_not_null NOT NULL accepted_formats
onboarding_documents onboarding_documents_created_at_not_null NOT NULL created_at
onboarding_documents onboarding_documents_id_not_null NOT NULL id
onboarding_documents onboarding_documents_is_required_not_null NOT NULL is_required
onboarding_documents onboarding_documents_max_file_size_not_null NOT NULL max_file_size
onboarding_documents onboarding_documents_name_not_null NOT NULL name
onboarding_documents onboarding_documents_onboarding_id_foreign FOREIGN KEY (onboarding_id) REFERENCES onboardings(id) ON DELETE CASCADE
onboarding_documents onboarding_documents_onboarding_id_not_null NOT NULL onboarding_id
onboarding_documents onboarding_documents_onboarding_id_source_requirement_id_unique UNIQUE (onboarding_id, source_requirement_id)
onboarding_documents onboarding_documents_pkey PRIMARY KEY (id)
onboarding_documents onboarding_documents_position_not_null NOT NULL "position"
onboarding_documents onboarding_documents_status_check CHECK (((status)::text = ANY ((ARRAY['waiting'::character varying, 'uploaded'::character varying, 'validated'::character varying, 'rejected'::character varying])::text[])))
onboarding_documents onboarding_documents_status_not_null NOT NULL status
onboarding_documents onboarding_documents_updated_at_not_null NOT NULL updated_at
onboarding_download_documents onboarding_download_documents_created_at_not_null NOT NULL created_at
onboarding_download_documents onboarding_download_documents_file_name_not_null NOT NULL file_name
onboarding_download_documents onboarding_download_documents_file_path_not_null NOT NULL file_path
onboarding_download_documents onboarding_download_documents_id_not_null NOT NULL id
onboarding_download_documents onboarding_download_documents_name_not_null NOT NULL name
onboarding_download_documents onboarding_download_documents_onboarding_id_foreign FOREIGN KEY (onboarding_id) REFERENCES onboardings(id) ON DELETE CASCADE
onboarding_download_documents onboarding_download_documents_onboarding_id_not_null NOT NULL onboarding_id
onboarding_download_documents onboarding_download_documents_onboarding_id_source_document_id_ UNIQUE (onboarding_id, source_document_id)
onboarding_download_documents onboarding_download_documents_pkey PRIMARY KEY (id)
onboarding_download_documents onboarding_download_documents_position_not_null NOT NULL "position"
onboarding_download_documents onboarding_download_documents_updated_at_not_null NOT NULL updated_at
onboarding_form_fields onboarding_form_fields_created_at_not_null NOT NULL created_at
onboarding_form_fields onboarding_form_fields_id_not_null NOT NULL id
onboarding_form_fields onboarding_form_fields_label_not_null NOT NULL label
onboarding_form_fields onboarding_form_fields_onboarding_id_foreign FOREIGN KEY (onboarding_id) REFERENCES onboardings(id) ON DELETE CASCADE
onboarding_form_fields onboarding_form_fields_onboarding_id_not_null NOT NULL onboarding_id
onboarding_form_fields onboarding_form_fields_onboarding_id_source_key_unique UNIQUE (onboarding_id, source_key)
onboarding_form_fields onboarding_form_fields_pkey PRIMARY KEY (id)
onboarding_form_fields onboarding_form_fields_position_not_null NOT NULL "position"
onboarding_form_fields onboarding_form_fields_required_not_null NOT NULL required
onboarding_form_fields onboarding_form_fields_type_not_null NOT NULL type
onboarding_form_fields onboarding_form_fields_updated_at_not_null NOT NULL updated_at
onboardings onboardings_borrower_company_id_foreign FOREIGN KEY (borrower_company_id) REFERENCES companies(id) ON DELETE CASCADE
onboardings onboardings_borrower_company_id_not_null NOT NULL borrower_company_id
onboardings onboardings_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE CASCADE
onboardings onboardings_contract_id_not_null NOT NULL contract_id
onboardings onboardings_created_at_not_null NOT NULL created_at
onboardings onboardings_expires_at_not_null NOT NULL expires_at
onboardings onboardings_id_not_null NOT NULL id
onboardings onboardings_one_provider CHECK (((provider_company_id IS NULL) <> (provider_user_id IS NULL)))
onboardings onboardings_pkey PRIMARY KEY (id)
onboardings onboardings_provider_company_id_foreign FOREIGN KEY (provider_company_id) REFERENCES companies(id) ON DELETE CASCADE
onboardings onboardings_provider_user_id_foreign FOREIGN KEY (provider_user_id) REFERENCES users(id) ON DELETE CASCADE
onboardings onboardings_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'submitted'::character varying, 'expired'::character varying])::text[])))
onboardings onboardings_status_not_null NOT NULL status
onboardings onboardings_token_id_not_null NOT NULL token_id
onboardings onboardings_token_issued_at_not_null NOT NULL token_issued_at
onboardings onboardings_updated_at_not_null NOT NULL updated_at
password_resets password_resets_created_at_not_null NOT NULL created_at
password_resets password_resets_expires_at_not_null NOT NULL expires_at
password_resets password_resets_id_not_null NOT NULL id
password_resets password_resets_pkey PRIMARY KEY (id)
password_resets password_resets_token_hash_not_null NOT NULL token_hash
password_resets password_resets_token_hash_unique UNIQUE (token_hash)
password_resets password_resets_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
password_resets password_resets_user_id_not_null NOT NULL user_id
provider_compliance_flow_leaderships provider_compliance_flow_le_provider_compliance_flow_i_not_null NOT NULL provider_compliance_flow_id
provider_compliance_flow_leaderships provider_compliance_flow_leaderships_pkey PRIMARY KEY (provider_compliance_flow_id, step_id, user_id)
provider_compliance_flow_leaderships provider_compliance_flow_leaderships_provider_compliance_flow_i FOREIGN KEY (provider_compliance_flow_id) REFERENCES provider_compliance_flows(id) ON DELETE CASCADE
provider_compliance_flow_leaderships provider_compliance_flow_leaderships_step_id_foreign FOREIGN KEY (step_id) REFERENCES compliance_steps(id) ON DELETE CASCADE
provider_compliance_flow_leaderships provider_compliance_flow_leaderships_step_id_not_null NOT NULL step_id
provider_compliance_flow_leaderships provider_compliance_flow_leaderships_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
provider_compliance_flow_leaderships provider_compliance_flow_leaderships_user_id_not_null NOT NULL user_id
provider_compliance_flows provider_compliance_flows_attached_at_not_null NOT NULL attached_at
provider_compliance_flows provider_compliance_flows_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
provider_compliance_flows provider_compliance_flows_company_id_not_null NOT NULL company_id
provider_compliance_flows provider_compliance_flows_contract_id_foreign FOREIGN KEY (contract_id) REFERENCES contracts(id) ON DELETE SET NULL
provider_compliance_flows provider_compliance_flows_flow_id_foreign FOREIGN KEY (flow_id) REFERENCES compliance_flows(id) ON DELETE CASCADE
provider_compliance_flows provider_compliance_flows_flow_id_not_null NOT NULL flow_id
provider_compliance_flows provider_compliance_flows_flow_id_provider_id_unique UNIQUE (flow_id, provider_id)
provider_compliance_flows provider_compliance_flows_id_not_null NOT NULL id
provider_compliance_flows provider_compliance_flows_pkey PRIMARY KEY (id)
provider_compliance_flows provider_compliance_flows_provider_id_not_null NOT NULL provider_id
provider_compliance_flows provider_compliance_flows_provider_type_check CHECK (((provider_type)::text = ANY ((ARRAY['LEGAL_ENTITY'::character varying, 'NATURAL_PERSON'::character varying])::text[])))
provider_compliance_flows provider_compliance_flows_provider_type_not_null NOT NULL provider_type
provider_compliances provider_compliances_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
provider_compliances provider_compliances_company_id_not_null NOT NULL company_id
provider_compliances provider_compliances_created_at_not_null NOT NULL created_at
provider_compliances provider_compliances_flow_id_foreign FOREIGN KEY (flow_id) REFERENCES compliance_flows(id) ON DELETE CASCADE
provider_compliances provider_compliances_flow_id_not_null NOT NULL flow_id
provider_compliances provider_compliances_id_not_null NOT NULL id
provider_compliances provider_compliances_month_not_null NOT NULL month
provider_compliances provider_compliances_pkey PRIMARY KEY (id)
provider_compliances provider_compliances_provider_compliance_flow_id_foreign FOREIGN KEY (provider_compliance_flow_id) REFERENCES provider_compliance_flows(id) ON DELETE CASCADE
provider_compliances provider_compliances_provider_compliance_flow_id_not_null NOT NULL provider_compliance_flow_id
provider_compliances provider_compliances_provider_compliance_flow_id_year_month_uni UNIQUE (provider_compliance_flow_id, year, month)
provider_compliances provider_compliances_provider_id_not_null NOT NULL provider_id
provider_compliances provider_compliances_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'sent'::character varying, 'approved'::character varying, 'rejected'::character varying])::text[])))
provider_compliances provider_compliances_status_not_null NOT NULL status
provider_compliances provider_compliances_updated_at_not_null NOT NULL updated_at
provider_compliances provider_compliances_year_not_null NOT NULL year
rate_limits rate_limits_key_not_null NOT NULL key
rate_limits rate_limits_pkey PRIMARY KEY (key)
rate_limits rate_limits_points_not_null NOT NULL points
read_version_changes read_version_changes_scopes_not_null NOT NULL scopes
read_version_changes read_versions_raise TRIGGER DEFERRABLE INITIALLY DEFERRED
read_versions read_versions_pkey PRIMARY KEY (scope)
read_versions read_versions_scope_not_null NOT NULL scope
read_versions read_versions_version_not_null NOT NULL version
refresh_tokens refresh_tokens_created_at_not_null NOT NULL created_at
refresh_tokens refresh_tokens_expires_at_not_null NOT NULL expires_at
refresh_tokens refresh_tokens_id_not_null NOT NULL id
refresh_tokens refresh_tokens_pkey PRIMARY KEY (id)
refresh_tokens refresh_tokens_session_id_foreign FOREIGN KEY (session_id) REFERENCES auth_sessions(id) ON DELETE CASCADE
refresh_tokens refresh_tokens_session_id_not_null NOT NULL session_id
refresh_tokens refresh_tokens_token_hash_not_null NOT NULL token_hash
refresh_tokens refresh_tokens_token_hash_unique UNIQUE (token_hash)
reminders_sent reminders_sent_created_at_not_null NOT NULL created_at
reminders_sent reminders_sent_day_not_null NOT NULL day
reminders_sent reminders_sent_item_id_not_null NOT NULL item_id
reminders_sent reminders_sent_kind_check CHECK (((kind)::text = ANY ((ARRAY['compliance_step'::character varying, 'signature'::character varying, 'onboarding'::character varying])::text[])))
reminders_sent reminders_sent_kind_not_null NOT NULL kind
reminders_sent reminders_sent_pkey PRIMARY KEY (kind, item_id, day)
retroactive_requests retroactive_requests_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
retroactive_requests retroactive_requests_company_id_not_null NOT NULL company_id
retroactive_requests retroactive_requests_contract_part_id_foreign FOREIGN KEY (contract_part_id) REFERENCES contract_parts(id) ON DELETE SET NULL
retroactive_requests retroactive_requests_created_at_not_null NOT NULL created_at
retroactive_requests retroactive_requests_date_not_null NOT NULL date
retroactive_requests retroactive_requests_id_not_null NOT NULL id
retroactive_requests retroactive_requests_pkey PRIMARY KEY (id)
retroactive_requests retroactive_requests_reason_not_null NOT NULL reason
retroactive_requests retroactive_requests_reviewed_by_foreign FOREIGN KEY (reviewed_by) REFERENCES users(id) ON DELETE SET NULL
retroactive_requests retroactive_requests_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'approved'::character varying, 'declined'::character varying])::text[])))
retroactive_requests retroactive_requests_status_not_null NOT NULL status
retroactive_requests retroactive_requests_tasks_not_null NOT NULL tasks
retroactive_requests retroactive_requests_total_minutes_not_null NOT NULL total_minutes
retroactive_requests retroactive_requests_updated_at_not_null NOT NULL updated_at
retroactive_requests retroactive_requests_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
retroactive_requests retroactive_requests_user_id_not_null NOT NULL user_id
retroactive_requests retroactive_requests_work_entry_id_foreign FOREIGN KEY (work_entry_id) REFERENCES work_entries(id) ON DELETE SET NULL
schedule_runs schedule_runs_claimed_at_not_null NOT NULL claimed_at
schedule_runs schedule_runs_due_at_not_null NOT NULL due_at
schedule_runs schedule_runs_pkey PRIMARY KEY (schedule, due_at)
schedule_runs schedule_runs_schedule_not_null NOT NULL schedule
schedule_runs schedule_runs_worker_not_null NOT NULL worker
step_compliance_approvals step_compliance_approvals_created_at_not_null NOT NULL created_at
step_compliance_approvals step_compliance_approvals_decision_check CHECK (((decision)::text = ANY ((ARRAY['approved'::character varying, 'rejected'::character varying])::text[])))
step_compliance_approvals step_compliance_approvals_decision_not_null NOT NULL decision
step_compliance_approvals step_compliance_approvals_document_id_foreign FOREIGN KEY (document_id) REFERENCES step_compliance_documents(id) ON DELETE CASCADE
step_compliance_approvals step_compliance_approvals_id_not_null NOT NULL id
step_compliance_approvals step_compliance_approvals_pkey PRIMARY KEY (id)
step_compliance_approvals step_compliance_approvals_step_compliance_id_foreign FOREIGN KEY (step_compliance_id) REFERENCES step_compliances(id) ON DELETE CASCADE
step_compliance_approvals step_compliance_approvals_step_compliance_id_not_null NOT NULL step_compliance_id
step_compliance_approvals step_compliance_approvals_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
step_compliance_approvals step_compliance_approvals_user_id_not_null NOT NULL user_id
step_compliance_documents step_compliance_documents_file_name_not_null NOT NULL file_name
step_compliance_documents step_compliance_documents_file_path_not_null NOT NULL file_path
step_compliance_documents step_compliance_documents_file_size_not_null NOT NULL file_size
step_compliance_documents step_compliance_documents_id_not_null NOT NULL id
step_compliance_documents step_compliance_documents_pkey PRIMARY KEY (id)
step_compliance_documents step_compliance_documents_requirement_id_foreign FOREIGN KEY (requirement_id) REFERENCES compliance_document_requirements(id) ON DELETE CASCADE
step_compliance_documents step_compliance_documents_requirement_id_not_null NOT NULL requirement_id
step_compliance_documents step_compliance_documents_sent_at_not_null NOT NULL sent_at
step_compliance_documents step_compliance_documents_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'approved'::character varying, 'rejected'::character varying])::text[])))
step_compliance_documents step_compliance_documents_status_not_null NOT NULL status
step_compliance_documents step_compliance_documents_step_compliance_id_foreign FOREIGN KEY (step_compliance_id) REFERENCES step_compliances(id) ON DELETE CASCADE
step_compliance_documents step_compliance_documents_step_compliance_id_not_null NOT NULL step_compliance_id
step_compliance_documents step_compliance_documents_step_compliance_id_requirement_id_uni UNIQUE (step_compliance_id, requirement_id)
step_compliance_documents step_compliance_documents_uploaded_by_foreign FOREIGN KEY (uploaded_by) REFERENCES users(id) ON DELETE SET NULL
step_compliances step_compliances_created_at_not_null NOT NULL created_at
step_compliances step_compliances_granted_data_types_not_null NOT NULL granted_data_types
step_compliances step_compliances_id_not_null NOT NULL id
step_compliances step_compliances_pkey PRIMARY KEY (id)
step_compliances step_compliances_provider_compliance_id_foreign FOREIGN KEY (provider_compliance_id) REFERENCES provider_compliances(id) ON DELETE CASCADE
step_compliances step_compliances_provider_compliance_id_not_null NOT NULL provider_compliance_id
step_compliances step_compliances_provider_compliance_id_step_id_unique UNIQUE (provider_compliance_id, step_id)
step_compliances step_compliances_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'in_progress'::character varying, 'submitted'::character varying, 'approved'::character varying, 'rejected'::character varying, 'blocked'::character varying])::text[])))
step_compliances step_compliances_status_not_null NOT NULL status
step_compliances step_compliances_step_id_foreign FOREIGN KEY (step_id) REFERENCES compliance_steps(id) ON DELETE CASCADE
step_compliances step_compliances_step_id_not_null NOT NULL step_id
step_compliances step_compliances_updated_at_not_null NOT NULL updated_at
user_identities user_identities_created_at_not_null NOT NULL created_at
user_identities user_identities_id_not_null NOT NULL id
user_identities user_identities_pkey PRIMARY KEY (id)
user_identities user_identities_provider_check CHECK (((provider)::text = ANY ((ARRAY['google'::character varying, 'apple'::character varying, 'microsoft'::character varying])::text[])))
user_identities user_identities_provider_not_null NOT NULL provider
user_identities user_identities_provider_subject_unique UNIQUE (provider, subject)
user_identities user_identities_subject_not_null NOT NULL subject
user_identities user_identities_updated_at_not_null NOT NULL updated_at
user_identities user_identities_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
user_identities user_identities_user_id_not_null NOT NULL user_id
user_invitations user_invitations_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
user_invitations user_invitations_company_id_not_null NOT NULL company_id
user_invitations user_invitations_created_at_not_null NOT NULL created_at
user_invitations user_invitations_expires_at_not_null NOT NULL expires_at
user_invitations user_invitations_id_not_null NOT NULL id
user_invitations user_invitations_invited_by_foreign FOREIGN KEY (invited_by) REFERENCES users(id) ON DELETE SET NULL
user_invitations user_invitations_pkey PRIMARY KEY (id)
user_invitations user_invitations_provider_company_id_foreign FOREIGN KEY (provider_company_id) REFERENCES companies(id) ON DELETE CASCADE
user_invitations user_invitations_role_not_null NOT NULL role
user_invitations user_invitations_token_hash_not_null NOT NULL token_hash
user_invitations user_invitations_token_hash_unique UNIQUE (token_hash)
user_invitations user_invitations_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
user_invitations user_invitations_user_id_not_null NOT NULL user_id
users users_created_at_not_null NOT NULL created_at
users users_email_not_null NOT NULL email
users users_id_not_null NOT NULL id
users users_locale_check CHECK (((locale)::text = ANY ((ARRAY['pt-BR'::character varying, 'en'::character varying])::text[])))
users users_name_not_null NOT NULL name
users users_pkey PRIMARY KEY (id)
users users_updated_at_not_null NOT NULL updated_at
webhook_endpoints webhook_endpoints_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
webhook_endpoints webhook_endpoints_company_id_not_null NOT NULL company_id
webhook_endpoints webhook_endpoints_consecutive_dead_not_null NOT NULL consecutive_dead
webhook_endpoints webhook_endpoints_created_at_not_null NOT NULL created_at
webhook_endpoints webhook_endpoints_events_not_null NOT NULL events
webhook_endpoints webhook_endpoints_id_not_null NOT NULL id
webhook_endpoints webhook_endpoints_is_active_not_null NOT NULL is_active
webhook_endpoints webhook_endpoints_pkey PRIMARY KEY (id)
webhook_endpoints webhook_endpoints_secret_not_null NOT NULL secret
webhook_endpoints webhook_endpoints_updated_at_not_null NOT NULL updated_at
webhook_endpoints webhook_endpoints_url_not_null NOT NULL url
webhook_events webhook_events_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
webhook_events webhook_events_company_id_not_null NOT NULL company_id
webhook_events webhook_events_id_not_null NOT NULL id
webhook_events webhook_events_occurred_at_not_null NOT NULL occurred_at
webhook_events webhook_events_payload_not_null NOT NULL payload
webhook_events webhook_events_pkey PRIMARY KEY (id)
webhook_events webhook_events_type_not_null NOT NULL type
work_entries work_entries_accuracy CHECK ((location_accuracy >= (0)::double precision))
work_entries work_entries_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
work_entries work_entries_company_id_not_null NOT NULL company_id
work_entries work_entries_contract_part_id_foreign FOREIGN KEY (contract_part_id) REFERENCES contract_parts(id) ON DELETE SET NULL
work_entries work_entries_created_at_not_null NOT NULL created_at
work_entries work_entries_date_not_null NOT NULL date
work_entries work_entries_id_not_null NOT NULL id
work_entries work_entries_latitude CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision)))
work_entries work_entries_longitude CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision)))
work_entries work_entries_minutes CHECK (((total_minutes >= 0) AND (total_minutes <= 1440)))
work_entries work_entries_pkey PRIMARY KEY (id)
work_entries work_entries_total_minutes_not_null NOT NULL total_minutes
work_entries work_entries_updated_at_not_null NOT NULL updated_at
work_entries work_entries_user_id_foreign FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
work_entries work_entries_user_id_not_null NOT NULL user_id
work_entry_tasks work_entry_tasks_created_at_not_null NOT NULL created_at
work_entry_tasks work_entry_tasks_description_not_null NOT NULL description
work_entry_tasks work_entry_tasks_duration CHECK (((duration_minutes >= 1) AND (duration_minutes <= 1440)))
work_entry_tasks work_entry_tasks_duration_minutes_not_null NOT NULL duration_minutes
work_entry_tasks work_entry_tasks_id_not_null NOT NULL id
work_entry_tasks work_entry_tasks_pkey PRIMARY KEY (id)
work_entry_tasks work_entry_tasks_position_not_null NOT NULL "position"
work_entry_tasks work_entry_tasks_work_entry_id_foreign FOREIGN KEY (work_entry_id) REFERENCES work_entries(id) ON DELETE CASCADE
work_entry_tasks work_entry_tasks_work_entry_id_not_null NOT NULL work_entry_id
workflows workflows_company_id_foreign FOREIGN KEY (company_id) REFERENCES companies(id) ON DELETE CASCADE
workflows workflows_company_id_not_null NOT NULL company_id
workflows workflows_company_role_check CHECK (((company_role)::text = ANY ((ARRAY['borrower'::character varying, 'provider'::character varying])::text[])))
workflows workflows_company_role_not_null NOT NULL company_role
workflows workflows_created_at_not_null NOT NULL created_at
workflows workflows_id_not_null NOT NULL id
workflows workflows_name_not_null NOT NULL name
workflows workflows_pkey PRIMARY KEY (id)
workflows workflows_steps_not_null NOT NULL steps
workflows workflows_updated_at_not_null NOT NULL updated_at

-- indexes
CREATE UNIQUE INDEX adonis_schema_pkey ON public.adonis_schema USING btree (id)
CREATE UNIQUE INDEX adonis_schema_versions_pkey ON public.adonis_schema_versions USING btree (version)
CREATE INDEX api_keys_company_idx ON public.api_keys USING btree (company_id, created_at)
CREATE UNIQUE INDEX api_keys_pkey ON public.api_keys USING btree (id)
CREATE UNIQUE INDEX api_keys_token_hash_unique ON public.api_keys USING btree (token_hash)
CREATE INDEX app_versions_latest_index ON public.app_versions USING btree (platform, major DESC, minor DESC, patch DESC) INCLUDE (launch_at) WHERE (deleted_at IS NULL)
CREATE UNIQUE INDEX app_versions_pkey ON public.app_versions USING btree (id)
CREATE UNIQUE INDEX app_versions_platform_version_unique ON public.app_versions USING btree (platform, version)
CREATE INDEX audit_log_company_idx ON public.audit_log USING btree (company_id, id)
CREATE INDEX audit_log_company_resource_idx ON public.audit_log USING btree (company_id, resource, id)
CREATE INDEX audit_log_created_idx ON public.audit_log USING btree (created_at)
CREATE UNIQUE INDEX audit_log_pkey ON public.audit_log USING btree (id)
CREATE UNIQUE INDEX auth_sessions_pkey ON public.auth_sessions USING btree (id)
CREATE INDEX auth_sessions_user_id_created_at_index ON public.auth_sessions USING btree (user_id, created_at)
CREATE INDEX companies_document_index ON public.companies USING btree (document)
CREATE UNIQUE INDEX companies_pkey ON public.companies USING btree (id)
CREATE UNIQUE INDEX companies_verified_document_unique ON public.companies USING btree (document) WHERE ((document_status)::text = 'verified'::text)
CREATE INDEX team_companies_document_trgm ON public.companies USING gin (document gin_trgm_ops) WITH (fastupdate=off)
CREATE INDEX team_companies_name_trgm ON public.companies USING gin (lower((name)::text) gin_trgm_ops) WITH (fastupdate=off)
CREATE INDEX team_companies_trade_name_trgm ON public.companies USING gin (lower((trade_name)::text) gin_trgm_ops) WITH (fastupdate=off)
CREATE INDEX company_document_events_document_created_at_index ON public.company_document_events USING btree (document, created_at)
CREATE UNIQUE INDEX company_document_events_pkey ON public.company_document_events USING btree (id)
CREATE UNIQUE INDEX company_link_counters_pkey ON public.company_link_counters USING btree (company_id)
CREATE INDEX company_members_company_id_role_index ON public.company_members USING btree (company_id, role)
CREATE UNIQUE INDEX company_members_company_id_user_id_unique ON public.company_members USING btree (company_id, user_id)
CREATE UNIQUE INDEX company_members_pkey ON public.company_members USING btree (id)
CREATE INDEX company_members_user_id_index ON public.company_members USING btree (user_id)
CREATE INDEX team_company_members_owner ON public.company_members USING btree (company_id, created_at) WHERE (role = 'owner'::member_role)
CREATE UNIQUE INDEX company_notification_settings_company_id_unique ON public.company_notification_settings USING btree (company_id)
CREATE UNIQUE INDEX company_notification_settings_pkey ON public.company_notification_settings USING btree (id)
CREATE UNIQUE INDEX compliance_document_requirements_pkey ON public.compliance_document_requirements USING btree (id)
CREATE INDEX compliance_document_requirements_step_id_position_index ON public.compliance_document_requirements USING btree (step_id, "position")
CREATE INDEX compliance_flows_company_id_status_updated_at_index ON public.compliance_flows USING btree (company_id, status, updated_at)
CREATE INDEX compliance_flows_company_id_updated_at_index ON public.compliance_flows USING btree (company_id, updated_at)
CREATE INDEX compliance_flows_name_trgm ON public.compliance_flows USING gin (lower((name)::text) gin_trgm_ops) WITH (fastupdate=off)
CREATE UNIQUE INDEX compliance_flows_pkey ON public.compliance_flows USING btree (id)
CREATE UNIQUE INDEX compliance_step_validators_pkey ON public.compliance_step_validators USING btree (id)
CREATE UNIQUE INDEX compliance_step_validators_step_id_user_id_unique ON public.compliance_step_validators USING btree (step_id, user_id)
CREATE INDEX compliance_step_validators_user_id_index ON public.compliance_step_validators USING btree (user_id)
CREATE INDEX compliance_steps_flow_id_position_index ON public.compliance_steps USING btree (flow_id, "position")
CREATE UNIQUE INDEX compliance_steps_pkey ON public.compliance_steps USING btree (id)
CREATE INDEX contract_document_requirements_contract_id_position_index ON public.contract_document_requirements USING btree (contract_id, "position")
CREATE UNIQUE INDEX contract_document_requirements_pkey ON public.contract_document_requirements USING btree (id)
CREATE INDEX contract_history_contract_id_created_at_index ON public.contract_history USING btree (contract_id, created_at)
CREATE UNIQUE INDEX contract_history_pkey ON public.contract_history USING btree (id)
CREATE UNIQUE INDEX contract_name_hours_pkey ON public.contract_name_hours USING btree (company_id, status, hour)
CREATE UNIQUE INDEX contract_name_statuses_pkey ON public.contract_name_statuses USING btree (company_id, status)
CREATE INDEX contract_part_groups_contract_id_position_index ON public.contract_part_groups USING btree (contract_id, "position")
CREATE UNIQUE INDEX contract_part_groups_pkey ON public.contract_part_groups USING btree (id)
CREATE INDEX contract_parts_company_id_role_index ON public.contract_parts USING btree (company_id, role)
CREATE UNIQUE INDEX contract_parts_company_unique ON public.contract_parts USING btree (contract_id, company_id) WHERE (company_id IS NOT NULL)
CREATE INDEX contract_parts_contract_id_index ON public.contract_parts USING btree (contract_id)
CREATE INDEX contract_parts_links_company ON public.contract_parts USING btree (company_id) WHERE (counterparty_of IS NOT NULL)
CREATE INDEX contract_parts_links_search ON public.contract_parts USING gin (link_search gin_trgm_ops) WITH (fastupdate=off) WHERE (counterparty_of IS NOT NULL)
CREATE INDEX contract_parts_links_sort ON public.contract_parts USING btree (counterparty_of, link_name, id) WHERE (counterparty_of IS NOT NULL)
CREATE INDEX contract_parts_links_user ON public.contract_parts USING btree (user_id) WHERE (counterparty_of IS NOT NULL)
CREATE UNIQUE INDEX contract_parts_pkey ON public.contract_parts USING btree (id)
CREATE INDEX contract_parts_user_id_role_index ON public.contract_parts USING btree (user_id, role)
CREATE UNIQUE INDEX contract_parts_user_unique ON public.contract_parts USING btree (contract_id, user_id) WHERE (user_id IS NOT NULL)
CREATE INDEX contract_review_approvals_contract_id_index ON public.contract_review_approvals USING btree (contract_id)
CREATE UNIQUE INDEX contract_review_approvals_item_id_reviewer_id_unique ON public.contract_review_approvals USING btree (item_id, reviewer_id)
CREATE UNIQUE INDEX contract_review_approvals_pkey ON public.contract_review_approvals USING btree (id)
CREATE INDEX contract_review_comments_contract_id_item_id_created_at_index ON public.contract_review_comments USING btree (contract_id, item_id, created_at)
CREATE UNIQUE INDEX contract_review_comments_pkey ON public.contract_review_comments USING btree (id)
CREATE UNIQUE INDEX contract_reviewers_contract_id_user_id_unique ON public.contract_reviewers USING btree (contract_id, user_id)
CREATE UNIQUE INDEX contract_reviewers_pkey ON public.contract_reviewers USING btree (id)
CREATE INDEX contract_reviewers_user_id_index ON public.contract_reviewers USING btree (user_id)
CREATE INDEX contract_signature_groups_contract_id_position_index ON public.contract_signature_groups USING btree (contract_id, "position")
CREATE UNIQUE INDEX contract_signature_groups_pkey ON public.contract_signature_groups USING btree (id)
CREATE INDEX contract_signature_members_contract_id_group_id_index ON public.contract_signature_members USING btree (contract_id, group_id)
CREATE UNIQUE INDEX contract_signature_members_pkey ON public.contract_signature_members USING btree (id)
CREATE INDEX contract_signature_members_user_id_index ON public.contract_signature_members USING btree (user_id)
CREATE UNIQUE INDEX contract_status_counters_pkey ON public.contract_status_counters USING btree (company_id, status)
CREATE INDEX contract_templates_company ON public.contract_templates USING btree (company_id, updated_at DESC) WHERE (deleted_at IS NULL)
CREATE UNIQUE INDEX contract_templates_pkey ON public.contract_templates USING btree (id)
CREATE INDEX contract_uploaded_files_contract_id_part_id_index ON public.contract_uploaded_files USING btree (contract_id, part_id)
CREATE UNIQUE INDEX contract_uploaded_files_document_id_part_id_unique ON public.contract_uploaded_files USING btree (document_id, part_id)
CREATE UNIQUE INDEX contract_uploaded_files_pkey ON public.contract_uploaded_files USING btree (id)
CREATE INDEX contract_variable_values_contract_id_position_index ON public.contract_variable_values USING btree (contract_id, "position")
CREATE UNIQUE INDEX contract_variable_values_pkey ON public.contract_variable_values USING btree (id)
CREATE INDEX contracts_board ON public.contracts USING btree (company_id, status, updated_at DESC, id DESC) INCLUDE (name, progress, created_at, name_search) WHERE (deleted_at IS NULL)
CREATE INDEX contracts_company_id_status_updated_at_index ON public.contracts USING btree (company_id, status, updated_at)
CREATE INDEX contracts_live_updated ON public.contracts USING btree (company_id, updated_at DESC, id DESC) INCLUDE (name, status, progress, created_at, name_search) WHERE (deleted_at IS NULL)
CREATE INDEX contracts_name_trgm ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE (deleted_at IS NULL)
CREATE INDEX contracts_name_trgm_active ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'active'::text))
CREATE INDEX contracts_name_trgm_archived ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'archived'::text))
CREATE INDEX contracts_name_trgm_cancelled ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'cancelled'::text))
CREATE INDEX contracts_name_trgm_completed ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'completed'::text))
CREATE INDEX contracts_name_trgm_documents ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'documents'::text))
CREATE INDEX contracts_name_trgm_draft ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'draft'::text))
CREATE INDEX contracts_name_trgm_finished ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'finished'::text))
CREATE INDEX contracts_name_trgm_in_review ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'in_review'::text))
CREATE INDEX contracts_name_trgm_model ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'model'::text))
CREATE INDEX contracts_name_trgm_overdue ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'overdue'::text))
CREATE INDEX contracts_name_trgm_parts ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'parts'::text))
CREATE INDEX contracts_name_trgm_provider ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'provider'::text))
CREATE INDEX contracts_name_trgm_provider_filling ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'provider_filling'::text))
CREATE INDEX contracts_name_trgm_signature ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'signature'::text))
CREATE INDEX contracts_name_trgm_signing ON public.contracts USING gin (name_search gin_trgm_ops) WITH (fastupdate=off) WHERE ((deleted_at IS NULL) AND ((status)::text = 'signing'::text))
CREATE UNIQUE INDEX contracts_pkey ON public.contracts USING btree (id)
CREATE INDEX contracts_ref ON public.contracts USING btree (company_id, ref) WHERE ((deleted_at IS NULL) AND (ref IS NOT NULL))
CREATE INDEX contracts_sweep ON public.contracts USING btree (status) WHERE ((deleted_at IS NULL) AND ((status)::text = ANY ((ARRAY['completed'::character varying, 'active'::character varying, 'signing'::character varying])::text[])))
CREATE INDEX data_exports_pending_index ON public.data_exports USING btree (created_at) WHERE ((status)::text = 'pending'::text)
CREATE UNIQUE INDEX data_exports_pkey ON public.data_exports USING btree (id)
CREATE INDEX data_exports_user_id_created_at_index ON public.data_exports USING btree (user_id, created_at)
CREATE INDEX deliveries_channel_status_age ON public.deliveries USING btree (channel, status, created_at)
CREATE INDEX deliveries_due_idx ON public.deliveries USING btree (next_attempt_at) WHERE ((status)::text = 'pending'::text)
CREATE UNIQUE INDEX deliveries_pkey ON public.deliveries USING btree (id)
CREATE INDEX deliveries_webhook_endpoint_idx ON public.deliveries USING btree (webhook_endpoint_id, webhook_seq DESC) WHERE (webhook_endpoint_id IS NOT NULL)
CREATE INDEX deliveries_webhook_event_idx ON public.deliveries USING btree (webhook_event_id) WHERE (webhook_event_id IS NOT NULL)
CREATE INDEX deliveries_webhook_pending_idx ON public.deliveries USING btree (webhook_endpoint_id, webhook_seq) WHERE (((status)::text = 'pending'::text) AND (webhook_endpoint_id IS NOT NULL))
CREATE UNIQUE INDEX delivery_attempts_delivery_id_attempt_unique ON public.delivery_attempts USING btree (delivery_id, attempt)
CREATE INDEX delivery_attempts_failed_by_kind ON public.delivery_attempts USING btree (channel, finished_at) WHERE ((outcome)::text = ANY ((ARRAY['failed'::character varying, 'interrupted'::character varying])::text[]))
CREATE UNIQUE INDEX delivery_attempts_pkey ON public.delivery_attempts USING btree (id)
CREATE INDEX idempotency_keys_expiry_idx ON public.idempotency_keys USING btree (expires_at)
CREATE UNIQUE INDEX idempotency_keys_pkey ON public.idempotency_keys USING btree (caller, key)
CREATE UNIQUE INDEX integration_connections_company_id_provider_unique ON public.integration_connections USING btree (company_id, provider)
CREATE UNIQUE INDEX integration_connections_pkey ON public.integration_connections USING btree (id)
CREATE INDEX integration_connections_status_index ON public.integration_connections USING btree (status)
CREATE INDEX integration_records_connection_id_document_index ON public.integration_records USING btree (connection_id, document)
CREATE UNIQUE INDEX integration_records_connection_id_external_id_unique ON public.integration_records USING btree (connection_id, external_id)
CREATE UNIQUE INDEX integration_records_pkey ON public.integration_records USING btree (id)
CREATE UNIQUE INDEX integration_sweeps_connection_id_day_unique ON public.integration_sweeps USING btree (connection_id, day)
CREATE UNIQUE INDEX integration_sweeps_pkey ON public.integration_sweeps USING btree (id)
CREATE UNIQUE INDEX link_search_buckets_pkey ON public.link_search_buckets USING btree (borrower_id, name_from)
CREATE UNIQUE INDEX live_streams_pkey ON public.live_streams USING btree (uid)
CREATE UNIQUE INDEX notification_counters_pkey ON public.notification_counters USING btree (user_id, company_id)
CREATE UNIQUE INDEX notification_preferences_pkey ON public.notification_preferences USING btree (id)
CREATE UNIQUE INDEX notification_preferences_user_id_company_id_unique ON public.notification_preferences USING btree (user_id, company_id)
CREATE INDEX notification_rank_marks_older_idx ON public.notification_rank_marks USING btree (user_id, company_id, older)
CREATE UNIQUE INDEX notification_rank_marks_pkey ON public.notification_rank_marks USING btree (user_id, company_id, created_at, id)
CREATE UNIQUE INDEX notification_read_marks_pkey ON public.notification_read_marks USING btree (user_id, company_id, read_before)
CREATE INDEX notifications_actor_idx ON public.notifications USING btree (actor_id) WHERE (actor_id IS NOT NULL)
CREATE INDEX notifications_created_at_brin ON public.notifications USING brin (created_at)
CREATE INDEX notifications_inbox_idx ON public.notifications USING btree (user_id, company_id, created_at DESC, id DESC)
CREATE UNIQUE INDEX notifications_pkey ON public.notifications USING btree (id)
CREATE INDEX notifications_scope_idx ON public.notifications USING btree (user_id, company_id, scope, created_at DESC, id DESC)
CREATE INDEX notifications_unread_idx ON public.notifications USING btree (user_id, company_id, created_at DESC, id DESC) WHERE (is_read = false)
CREATE INDEX onboarding_documents_onboarding_id_position_index ON public.onboarding_documents USING btree (onboarding_id, "position")
CREATE UNIQUE INDEX onboarding_documents_onboarding_id_source_requirement_id_unique ON public.onboarding_documents USING btree (onboarding_id, source_requirement_id)
CREATE UNIQUE INDEX onboarding_documents_pkey ON public.onboarding_documents USING btree (id)
CREATE INDEX onboarding_download_documents_onboarding_id_position_index ON public.onboarding_download_documents USING btree (onboarding_id, "position")
CREATE UNIQUE INDEX onboarding_download_documents_onboarding_id_source_document_id_ ON public.onboarding_download_documents USING btree (onboarding_id, source_document_id)
CREATE UNIQUE INDEX onboarding_download_documents_pkey ON public.onboarding_download_documents USING btree (id)
CREATE INDEX onboarding_form_fields_onboarding_id_position_index ON public.onboarding_form_fields USING btree (onboarding_id, "position")
CREATE UNIQUE INDEX onboarding_form_fields_onboarding_id_source_key_unique ON public.onboarding_form_fields USING btree (onboarding_id, source_key)
CREATE UNIQUE INDEX onboarding_form_fields_pkey ON public.onboarding_form_fields USING btree (id)
CREATE INDEX onboardings_borrower_company_id_contract_id_index ON public.onboardings USING btree (borrower_company_id, contract_id)
CREATE UNIQUE INDEX onboardings_contract_provider ON public.onboardings USING btree (contract_id, COALESCE(provider_company_id, provider_user_id))
CREATE UNIQUE INDEX onboardings_pkey ON public.onboardings USING btree (id)
CREATE INDEX onboardings_status_expires_at_index ON public.onboardings USING btree (status, expires_at)
CREATE UNIQUE INDEX password_resets_pkey ON public.password_resets USING btree (id)
CREATE UNIQUE INDEX password_resets_token_hash_unique ON public.password_resets USING btree (token_hash)
CREATE INDEX password_resets_user_id_index ON public.password_resets USING btree (user_id)
CREATE UNIQUE INDEX provider_compliance_flow_leaderships_pkey ON public.provider_compliance_flow_leaderships USING btree (provider_compliance_flow_id, step_id, user_id)
CREATE INDEX provider_compliance_flow_leaderships_step_id_index ON public.provider_compliance_flow_leaderships USING btree (step_id)
CREATE INDEX provider_compliance_flows_company_id_provider_id_index ON public.provider_compliance_flows USING btree (company_id, provider_id)
CREATE UNIQUE INDEX provider_compliance_flows_flow_id_provider_id_unique ON public.provider_compliance_flows USING btree (flow_id, provider_id)
CREATE UNIQUE INDEX provider_compliance_flows_pkey ON public.provider_compliance_flows USING btree (id)
CREATE INDEX provider_compliance_flows_recent ON public.provider_compliance_flows USING btree (flow_id, attached_at DESC, id) WHERE (detached_at IS NULL)
CREATE INDEX provider_compliances_company_id_provider_id_year_month_index ON public.provider_compliances USING btree (company_id, provider_id, year, month)
CREATE INDEX provider_compliances_company_period ON public.provider_compliances USING btree (company_id, year DESC, month DESC, id)
CREATE INDEX provider_compliances_flow_id_index ON public.provider_compliances USING btree (flow_id)
CREATE UNIQUE INDEX provider_compliances_pkey ON public.provider_compliances USING btree (id)
CREATE UNIQUE INDEX provider_compliances_provider_compliance_flow_id_year_month_uni ON public.provider_compliances USING btree (provider_compliance_flow_id, year, month)
CREATE UNIQUE INDEX rate_limits_pkey ON public.rate_limits USING btree (key)
CREATE UNIQUE INDEX read_versions_pkey ON public.read_versions USING btree (scope)
CREATE UNIQUE INDEX refresh_tokens_pkey ON public.refresh_tokens USING btree (id)
CREATE INDEX refresh_tokens_session_id_index ON public.refresh_tokens USING btree (session_id)
CREATE UNIQUE INDEX refresh_tokens_token_hash_unique ON public.refresh_tokens USING btree (token_hash)
CREATE INDEX reminders_sent_day_index ON public.reminders_sent USING btree (day)
CREATE UNIQUE INDEX reminders_sent_pkey ON public.reminders_sent USING btree (kind, item_id, day)
CREATE INDEX retroactive_requests_company_id_created_at_index ON public.retroactive_requests USING btree (company_id, created_at)
CREATE INDEX retroactive_requests_company_id_status_created_at_index ON public.retroactive_requests USING btree (company_id, status, created_at)
CREATE UNIQUE INDEX retroactive_requests_pkey ON public.retroactive_requests USING btree (id)
CREATE INDEX retroactive_requests_user_id_created_at_index ON public.retroactive_requests USING btree (user_id, created_at)
CREATE UNIQUE INDEX schedule_runs_pkey ON public.schedule_runs USING btree (schedule, due_at)
CREATE UNIQUE INDEX step_compliance_approvals_pkey ON public.step_compliance_approvals USING btree (id)
CREATE INDEX step_compliance_approvals_step_compliance_id_index ON public.step_compliance_approvals USING btree (step_compliance_id)
CREATE UNIQUE INDEX step_compliance_approvals_unique ON public.step_compliance_approvals USING btree (step_compliance_id, COALESCE(document_id, step_compliance_id), user_id)
CREATE UNIQUE INDEX step_compliance_documents_pkey ON public.step_compliance_documents USING btree (id)
CREATE INDEX step_compliance_documents_requirement_id_index ON public.step_compliance_documents USING btree (requirement_id)
CREATE UNIQUE INDEX step_compliance_documents_step_compliance_id_requirement_id_uni ON public.step_compliance_documents USING btree (step_compliance_id, requirement_id)
CREATE UNIQUE INDEX step_compliances_pkey ON public.step_compliances USING btree (id)
CREATE UNIQUE INDEX step_compliances_provider_compliance_id_step_id_unique ON public.step_compliances USING btree (provider_compliance_id, step_id)
CREATE INDEX step_compliances_step_id_index ON public.step_compliances USING btree (step_id)
CREATE UNIQUE INDEX user_identities_pkey ON public.user_identities USING btree (id)
CREATE UNIQUE INDEX user_identities_provider_subject_unique ON public.user_identities USING btree (provider, subject)
CREATE INDEX user_identities_user_id_index ON public.user_identities USING btree (user_id)
CREATE UNIQUE INDEX user_invitations_pkey ON public.user_invitations USING btree (id)
CREATE UNIQUE INDEX user_invitations_token_hash_unique ON public.user_invitations USING btree (token_hash)
CREATE INDEX user_invitations_user_id_index ON public.user_invitations USING btree (user_id)
CREATE INDEX team_users_cpf_trgm ON public.users USING gin (cpf gin_trgm_ops) WITH (fastupdate=off)
CREATE INDEX team_users_email_trgm ON public.users USING gin (lower((email)::text) gin_trgm_ops) WITH (fastupdate=off)
CREATE INDEX team_users_name_trgm ON public.users USING gin (lower((name)::text) gin_trgm_ops) WITH (fastupdate=off)
CREATE UNIQUE INDEX users_email_unique ON public.users USING btree (lower((email)::text))
CREATE UNIQUE INDEX users_pkey ON public.users USING btree (id)
CREATE INDEX webhook_endpoints_company_idx ON public.webhook_endpoints USING btree (company_id, created_at)
CREATE UNIQUE INDEX webhook_endpoints_pkey ON public.webhook_endpoints USING btree (id)
CREATE INDEX webhook_events_company_idx ON public.webhook_events USING btree (company_id)
CREATE UNIQUE INDEX webhook_events_pkey ON public.webhook_events USING btree (id)
CREATE INDEX work_entries_company_id_date_index ON public.work_entries USING btree (company_id, date)
CREATE UNIQUE INDEX work_entries_part_date ON public.work_entries USING btree (contract_part_id, date) INCLUDE (total_minutes)
CREATE UNIQUE INDEX work_entries_pkey ON public.work_entries USING btree (id)
CREATE INDEX work_entries_user_id_date_index ON public.work_entries USING btree (user_id, date)
CREATE UNIQUE INDEX work_entry_tasks_pkey ON public.work_entry_tasks USING btree (id)
CREATE INDEX work_entry_tasks_work_entry_id_position_index ON public.work_entry_tasks USING btree (work_entry_id, "position")
CREATE INDEX workflows_company_id_created_at_index ON public.workflows USING btree (company_id, created_at)
CREATE INDEX workflows_company_live ON public.workflows USING btree (company_id, updated_at DESC) WHERE (deleted_at IS NULL)
CREATE UNIQUE INDEX workflows_pkey ON public.workflows USING btree (id)

-- sequences
adonis_schema_id_seq
audit_log_id_seq
deliveries_webhook_seq
read_versions_seq

-- views


-- functions
CREATE OR REPLACE FUNCTION public.api_timestamp(ts timestamp with time zone, zone text, zulu boolean)
 RETURNS text
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
        SELECT CASE WHEN zulu OR zone = 'UTC'
          THEN to_char(ts AT TIME ZONE zone, 'YYYY-MM-DD"T"HH24:MI:SS.MS') ||
               CASE WHEN zulu THEN 'Z' ELSE '+00:00' END
          ELSE to_char(ts AT TIME ZONE zone, 'YYYY-MM-DD"T"HH24:MI:SS.MS') ||
          CASE WHEN zulu THEN 'Z'
               WHEN (ts AT TIME ZONE zone) < (ts AT TIME ZONE 'UTC')
                 THEN '-' || to_char((ts AT TIME ZONE 'UTC') - (ts AT TIME ZONE zone), 'HH24:MI')
               ELSE '+' || to_char((ts AT TIME ZONE zone) - (ts AT TIME ZONE 'UTC'), 'HH24:MI')
          END
        END
      $function$
CREATE OR REPLACE FUNCTION public.audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('app.audit_prune', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END $function$
CREATE OR REPLACE FUNCTION public.audit_write()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      DECLARE
        ctx jsonb := nullif(current_setting('app.audit', true), '')::jsonb;
        old_row jsonb;
        new_row jsonb;
        row_data jsonb;
        changed text[];
      BEGIN
        IF ctx IS NULL THEN RETURN NULL; END IF;
        IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
        IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
        row_data := coalesce(new_row, old_row);
        IF TG_OP = 'UPDATE' THEN
          SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
            FROM jsonb_each(new_row) n
           WHERE n.value IS DISTINCT FROM old_row -> n.key
             AND n.key NOT IN ('updated_at', 'last_used_at', 'name_search');
          IF cardinality(changed) = 0 THEN RETURN NULL; END IF;
        ELSE
          SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
            FROM jsonb_each(row_data) n
           WHERE n.value <> 'null'::jsonb AND n.key NOT IN ('id', 'created_at', 'updated_at', 'name_search');
        END IF;
        INSERT INTO audit_log (company_id, actor_type, user_id, api_key_id, resource,
                               resource_id, action, operation, fields, ip, request_id)
        VALUES (
          coalesce(CASE WHEN TG_ARGV[0] = '-' THEN NULL ELSE (row_data ->> TG_ARGV[0])::uuid END,
                   (ctx ->> 'companyId')::uuid),
          ctx ->> 'actorType', (ctx ->> 'userId')::uuid, (ctx ->> 'apiKeyId')::uuid,
          TG_TABLE_NAME, row_data ->> 'id',
          CASE WHEN TG_OP = 'INSERT' THEN 'create'
               WHEN TG_OP = 'DELETE' THEN 'delete'
               /* A soft delete (deleted_at set) is the record's deletion */
               WHEN old_row ->> 'deleted_at' IS NULL AND new_row ->> 'deleted_at' IS NOT NULL
                 THEN 'delete'
               ELSE 'update' END,
          ctx ->> 'operation', changed, ctx ->> 'ip', ctx ->> 'requestId');
        RETURN NULL;
      END $function$
CREATE OR REPLACE FUNCTION public.company_link_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO company_link_counters AS k (company_id, total, active)
          SELECT counterparty_of, count(*), count(*) FILTER (WHERE is_active)
            FROM new_rows WHERE counterparty_of IS NOT NULL GROUP BY counterparty_of
          ON CONFLICT (company_id) DO UPDATE
            SET total = k.total + EXCLUDED.total, active = k.active + EXCLUDED.active;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE company_link_counters AS k
             SET total = k.total - d.total, active = k.active - d.active
            FROM (SELECT counterparty_of, count(*) AS total,
                         count(*) FILTER (WHERE is_active) AS active
                    FROM old_rows WHERE counterparty_of IS NOT NULL
                   GROUP BY counterparty_of) AS d
           WHERE k.company_id = d.counterparty_of;
        ELSE
          INSERT INTO company_link_counters AS k (company_id, total, active)
          SELECT company_id, sum(total), sum(active)
            FROM (SELECT counterparty_of AS company_id, 1 AS total, is_active::int AS active
                    FROM new_rows WHERE counterparty_of IS NOT NULL
                  UNION ALL
                  SELECT counterparty_of, -1, -(is_active::int)
                    FROM old_rows WHERE counterparty_of IS NOT NULL) AS d
           GROUP BY company_id
          HAVING sum(total) <> 0 OR sum(active) <> 0
          ON CONFLICT (company_id) DO UPDATE
            SET total = k.total + EXCLUDED.total, active = k.active + EXCLUDED.active;
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.compliance_flow_providers_count_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        UPDATE compliance_flows AS f SET providers_count = f.providers_count - d.delta
          FROM (SELECT flow_id, count(*) AS delta FROM old_rows
                 WHERE detached_at IS NULL GROUP BY flow_id) AS d
         WHERE f.id = d.flow_id;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.compliance_flow_providers_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        UPDATE compliance_flows AS f SET providers_count = f.providers_count + d.delta
          FROM (SELECT flow_id, count(*) AS delta FROM new_rows
                 WHERE detached_at IS NULL GROUP BY flow_id) AS d
         WHERE f.id = d.flow_id;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.compliance_flow_providers_count_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        UPDATE compliance_flows AS f SET providers_count = f.providers_count + d.delta
          FROM (SELECT flow_id, sum(delta) AS delta FROM (
                  SELECT flow_id, 1 AS delta FROM new_rows WHERE detached_at IS NULL
                  UNION ALL
                  SELECT flow_id, -1 FROM old_rows WHERE detached_at IS NULL
                ) AS changes GROUP BY flow_id) AS d
         WHERE f.id = d.flow_id AND d.delta <> 0;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.compliance_submission_window(frequency text, day_start integer, day_end integer, year integer, month integer, zone text, today timestamp with time zone)
 RETURNS TABLE(window_start timestamp with time zone, window_end timestamp with time zone)
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
        WITH m AS (
          SELECT make_date(year, month, 1) AS first,
                 (frequency IN ('weekly', 'biweekly') AND day_start <= 7 AND day_end <= 7) AS weekdays
        ), windows AS (
          SELECT (make_date(year, month, least(day_start,
                   extract(day FROM m.first + interval '1 month' - interval '1 day')::int))::timestamp
                   AT TIME ZONE zone) AS s,
                 ((ends.first + least(day_end,
                   extract(day FROM ends.first + interval '1 month' - interval '1 day')::int))::timestamp
                   AT TIME ZONE zone) - interval '1 millisecond' AS e
            FROM m, LATERAL (SELECT CASE WHEN day_start > day_end
                                         THEN (m.first + interval '1 month')::date
                                         ELSE m.first END AS first) ends
           WHERE NOT m.weekdays
          UNION ALL
          SELECT (d::date::timestamp AT TIME ZONE zone),
                 ((d::date + (day_end - day_start + 7) % 7 + 1)::timestamp AT TIME ZONE zone)
                   - interval '1 millisecond'
            FROM m, generate_series(m.first, m.first + interval '1 month' - interval '1 day',
                                    interval '1 day') AS d
           WHERE m.weekdays AND extract(isodow FROM d) = day_start
             AND (frequency = 'weekly' OR extract(week FROM d)::int % 2 = 1)
        )
        SELECT s, e FROM windows
         ORDER BY e < today, CASE WHEN e >= today THEN s END, s DESC
         LIMIT 1
      $function$
CREATE OR REPLACE FUNCTION public.contract_name_bits(name text)
 RETURNS bit
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
        SELECT coalesce(bit_or(set_bit(repeat('0', 1024)::bit(1024),
                 ('x' || substr(md5(substr(name, i, 3)), 1, 3))::bit(12)::int & 1023, 1)),
               repeat('0', 1024)::bit(1024))
          FROM generate_series(1, char_length(name) - 2) AS i
      $function$
CREATE OR REPLACE FUNCTION public.contract_name_hour(at timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
        SELECT floor(extract(epoch FROM at) / 3600)::int
      $function$
CREATE OR REPLACE FUNCTION public.contract_name_hours_note()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        INSERT INTO contract_name_hours AS h (company_id, status, hour, bits)
        SELECT noted.* FROM (
                 SELECT r.company_id, s.status, r.hour, bit_or(r.bits) AS bits
                   FROM (SELECT company_id, status, contract_name_hour(updated_at) AS hour,
                                contract_name_bits(name_search) AS bits
                           FROM new_rows WHERE deleted_at IS NULL) r
                  CROSS JOIN LATERAL (VALUES (r.status::text), ('*')) AS s(status)
                  GROUP BY r.company_id, s.status, r.hour) noted
         WHERE NOT EXISTS (SELECT FROM contract_name_hours kept
                            WHERE kept.company_id = noted.company_id AND kept.status = noted.status
                              AND kept.hour = noted.hour AND kept.bits | noted.bits = kept.bits)
         ORDER BY noted.company_id, noted.status, noted.hour
        ON CONFLICT (company_id, status, hour) DO UPDATE SET bits = h.bits | EXCLUDED.bits;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.contract_name_statuses_note()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        INSERT INTO contract_name_statuses AS s (company_id, status, bits)
        SELECT noted.* FROM (
                 SELECT company_id, status, bit_or(contract_name_bits(name_search)) AS bits
                   FROM new_rows WHERE deleted_at IS NULL
                  GROUP BY company_id, status) noted
         WHERE NOT EXISTS (SELECT FROM contract_name_statuses kept
                            WHERE kept.company_id = noted.company_id AND kept.status = noted.status
                              AND kept.bits | noted.bits = kept.bits)
         ORDER BY noted.company_id, noted.status
        ON CONFLICT (company_id, status) DO UPDATE SET bits = s.bits | EXCLUDED.bits;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.contract_part_link_fields()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      DECLARE
        owner_id uuid;
      BEGIN
        SELECT company_id INTO owner_id FROM contracts
         WHERE id = NEW.contract_id AND deleted_at IS NULL;
        IF owner_id IS NULL OR NEW.role = 'NEUTRAL'
           OR NEW.company_id IS NOT DISTINCT FROM owner_id THEN
          NEW.counterparty_of := NULL;
          NEW.link_name := NULL;
          NEW.link_search := NULL;
          RETURN NEW;
        END IF;
        NEW.counterparty_of := owner_id;
        IF NEW.company_id IS NOT NULL THEN
          SELECT lower(co.name),
                 concat_ws(E'\n', lower(co.name), lower(co.trade_name), lower(co.document),
                           owners.text)
            INTO NEW.link_name, NEW.link_search
            FROM companies co
            LEFT JOIN LATERAL (
              SELECT string_agg(concat_ws(E'\n', lower(u.name), lower(u.email), lower(u.cpf)),
                                E'\n' ORDER BY m.created_at) AS text
                FROM company_members m JOIN users u ON u.id = m.user_id
               WHERE m.company_id = co.id AND m.role = 'owner'
            ) owners ON true
           WHERE co.id = NEW.company_id;
        ELSE
          SELECT lower(u.name), concat_ws(E'\n', lower(u.name), lower(u.email), lower(u.cpf))
            INTO NEW.link_name, NEW.link_search
            FROM users u WHERE u.id = NEW.user_id;
        END IF;
        RETURN NEW;
      END
      $function$
CREATE OR REPLACE FUNCTION public.contract_part_links_refresh()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_TABLE_NAME = 'companies' THEN
          UPDATE contract_parts SET role = role
           WHERE company_id = NEW.id AND counterparty_of IS NOT NULL;
        ELSIF TG_TABLE_NAME = 'users' THEN
          UPDATE contract_parts SET role = role
           WHERE counterparty_of IS NOT NULL
             AND (user_id = NEW.id
                  OR company_id IN (SELECT company_id FROM company_members
                                     WHERE user_id = NEW.id AND role = 'owner'));
        ELSIF TG_TABLE_NAME = 'contracts' THEN
          UPDATE contract_parts SET role = role WHERE contract_id = NEW.id;
        ELSE
          IF TG_OP <> 'INSERT' AND OLD.role = 'owner' THEN
            UPDATE contract_parts SET role = role
             WHERE company_id = OLD.company_id AND counterparty_of IS NOT NULL;
          END IF;
          IF TG_OP <> 'DELETE' AND NEW.role = 'owner' THEN
            UPDATE contract_parts SET role = role
             WHERE company_id = NEW.company_id AND counterparty_of IS NOT NULL;
          END IF;
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.contract_status_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO contract_status_counters AS c (company_id, status, total)
          SELECT company_id, status, count(*) FROM new_rows
           WHERE deleted_at IS NULL GROUP BY company_id, status
          ON CONFLICT (company_id, status) DO UPDATE SET total = c.total + EXCLUDED.total;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE contract_status_counters AS c SET total = c.total - d.total
            FROM (SELECT company_id, status, count(*) AS total FROM old_rows
                   WHERE deleted_at IS NULL GROUP BY company_id, status) AS d
           WHERE c.company_id = d.company_id AND c.status = d.status;
        ELSE
          INSERT INTO contract_status_counters AS c (company_id, status, total)
          SELECT company_id, status, sum(delta) FROM (
                   SELECT company_id, status, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
                   UNION ALL
                   SELECT company_id, status, -1 FROM old_rows WHERE deleted_at IS NULL) AS d
           GROUP BY company_id, status HAVING sum(delta) <> 0
          ON CONFLICT (company_id, status) DO UPDATE SET total = c.total + EXCLUDED.total;
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.gin_extract_query_trgm(text, internal, smallint, internal, internal, internal, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gin_extract_query_trgm$function$
CREATE OR REPLACE FUNCTION public.gin_extract_value_trgm(text, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gin_extract_value_trgm$function$
CREATE OR REPLACE FUNCTION public.gin_trgm_consistent(internal, smallint, text, integer, internal, internal, internal, internal)
 RETURNS boolean
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gin_trgm_consistent$function$
CREATE OR REPLACE FUNCTION public.gin_trgm_triconsistent(internal, smallint, text, integer, internal, internal, internal)
 RETURNS "char"
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gin_trgm_triconsistent$function$
CREATE OR REPLACE FUNCTION public.gtrgm_compress(internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_compress$function$
CREATE OR REPLACE FUNCTION public.gtrgm_consistent(internal, text, smallint, oid, internal)
 RETURNS boolean
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_consistent$function$
CREATE OR REPLACE FUNCTION public.gtrgm_decompress(internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_decompress$function$
CREATE OR REPLACE FUNCTION public.gtrgm_distance(internal, text, smallint, oid, internal)
 RETURNS double precision
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_distance$function$
CREATE OR REPLACE FUNCTION public.gtrgm_in(cstring)
 RETURNS gtrgm
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_in$function$
CREATE OR REPLACE FUNCTION public.gtrgm_options(internal)
 RETURNS void
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE
AS '$libdir/pg_trgm', $function$gtrgm_options$function$
CREATE OR REPLACE FUNCTION public.gtrgm_out(gtrgm)
 RETURNS cstring
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_out$function$
CREATE OR REPLACE FUNCTION public.gtrgm_penalty(internal, internal, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_penalty$function$
CREATE OR REPLACE FUNCTION public.gtrgm_picksplit(internal, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_picksplit$function$
CREATE OR REPLACE FUNCTION public.gtrgm_same(gtrgm, gtrgm, internal)
 RETURNS internal
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_same$function$
CREATE OR REPLACE FUNCTION public.gtrgm_union(internal, internal)
 RETURNS gtrgm
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$gtrgm_union$function$
CREATE OR REPLACE FUNCTION public.link_search_bits(search text)
 RETURNS bit
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
        SELECT coalesce(bit_or(set_bit(repeat('0', 4096)::bit(4096),
                 ('x' || substr(md5(substr(search, i, 3)), 1, 3))::bit(12)::int, 1)),
               repeat('0', 4096)::bit(4096))
          FROM generate_series(1, char_length(search) - 2) AS i
      $function$
CREATE OR REPLACE FUNCTION public.link_search_buckets_fill(borrowers uuid[], names text[], texts text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
      BEGIN
        /* Nothing to write when each change has its bucket and that bucket holds its pieces */
        IF NOT EXISTS (
             SELECT FROM unnest(borrowers, names, texts) AS c(borrower_id, link_name, link_search)
              WHERE NOT EXISTS (SELECT FROM link_search_buckets k
                                 WHERE k.borrower_id = c.borrower_id
                                   AND k.name_from = left(c.link_name, 2))
                 OR NOT coalesce((SELECT k.bits | link_search_bits(c.link_search) = k.bits
                                    FROM link_search_buckets k
                                   WHERE k.borrower_id = c.borrower_id
                                     AND k.name_from = (SELECT s.name_from FROM link_search_buckets s
                    WHERE s.borrower_id = c.borrower_id AND s.name_from <= c.link_name
                    ORDER BY s.name_from DESC LIMIT 1)),
                                 false)) THEN
          RETURN;
        END IF;
        INSERT INTO link_search_buckets (borrower_id, name_from, bits)
        SELECT DISTINCT b, '', repeat('0', 4096)::bit(4096) FROM unnest(borrowers) AS b ORDER BY 1
        ON CONFLICT DO NOTHING;
        PERFORM FROM link_search_buckets
          WHERE borrower_id = ANY (borrowers) AND name_from = ''
          ORDER BY borrower_id FOR UPDATE;
        /* A new bucket starts with the bits of the range it splits */
        INSERT INTO link_search_buckets (borrower_id, name_from, bits)
        SELECT k.borrower_id, k.name_from,
               (SELECT s.bits FROM link_search_buckets s
                 WHERE s.borrower_id = k.borrower_id
                   AND s.name_from = (SELECT s.name_from FROM link_search_buckets s
                    WHERE s.borrower_id = k.borrower_id AND s.name_from <= k.name_from
                    ORDER BY s.name_from DESC LIMIT 1))
          FROM (SELECT DISTINCT c.borrower_id, k.name_from
                    FROM unnest(borrowers, names) AS c(borrower_id, link_name)
                    CROSS JOIN LATERAL (VALUES (''), (left(c.link_name, 2))) AS k(name_from)) k
         WHERE NOT EXISTS (SELECT FROM link_search_buckets e
                            WHERE e.borrower_id = k.borrower_id AND e.name_from = k.name_from)
         ORDER BY 1, 2
        ON CONFLICT DO NOTHING;
        UPDATE link_search_buckets k SET bits = k.bits | added.bits
          FROM (SELECT c.borrower_id, (SELECT s.name_from FROM link_search_buckets s
                    WHERE s.borrower_id = c.borrower_id AND s.name_from <= c.link_name
                    ORDER BY s.name_from DESC LIMIT 1) AS name_from,
                       bit_or(link_search_bits(c.link_search)) AS bits
                  FROM unnest(borrowers, names, texts) AS c(borrower_id, link_name, link_search)
                 GROUP BY 1, 2) added
         WHERE k.borrower_id = added.borrower_id AND k.name_from = added.name_from
           AND k.bits | added.bits <> k.bits;
      END
      $function$
CREATE OR REPLACE FUNCTION public.link_search_buckets_note()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      DECLARE
        borrowers uuid[];
        names text[];
        texts text[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(c.counterparty_of), array_agg(c.link_name), array_agg(c.link_search)
            INTO borrowers, names, texts
            FROM (SELECT DISTINCT counterparty_of, link_name, link_search FROM new_rows
                   WHERE counterparty_of IS NOT NULL) c;
        ELSE
          SELECT array_agg(c.counterparty_of), array_agg(c.link_name), array_agg(c.link_search)
            INTO borrowers, names, texts
            FROM (SELECT DISTINCT n.counterparty_of, n.link_name, n.link_search FROM new_rows n
                   WHERE n.counterparty_of IS NOT NULL
                     AND NOT EXISTS (SELECT FROM old_rows o
                                      WHERE o.id = n.id
                                        AND o.counterparty_of IS NOT DISTINCT FROM n.counterparty_of
                                        AND o.link_name IS NOT DISTINCT FROM n.link_name
                                        AND o.link_search IS NOT DISTINCT FROM n.link_search)) c;
        END IF;
        IF borrowers IS NOT NULL THEN
          PERFORM link_search_buckets_fill(borrowers, names, texts);
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.live_revoke_membership()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        PERFORM pg_notify('live_revocations',
          json_build_object('userId', OLD.user_id, 'companyId', OLD.company_id)::text);
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.live_revoke_session()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        PERFORM pg_notify('live_revocations', json_build_object('sessionId', OLD.id)::text);
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.notification_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO notification_counters (user_id, company_id)
          SELECT DISTINCT user_id, company_id FROM new_rows ORDER BY 1, 2
          ON CONFLICT DO NOTHING;
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM new_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          /* Late rows (see the migration's comment): stamped now, so unread.
             The UPDATE trigger counts them (+1 each, covered -> not covered). */
          IF EXISTS (SELECT 1 FROM new_rows n JOIN notification_counters c USING (user_id, company_id)
                      WHERE n.created_at <= c.read_before) THEN
            UPDATE notifications t
               SET created_at = greatest(clock_timestamp(), c.read_before + interval '1 microsecond')
              FROM new_rows n JOIN notification_counters c USING (user_id, company_id)
             WHERE t.id = n.id AND n.created_at <= c.read_before;
          END IF;
          UPDATE notification_counters AS c
             SET total = c.total + d.total, unread = c.unread + d.unread,
                 scope_totals = c.scope_totals || (
                   SELECT jsonb_object_agg(s.key, coalesce((c.scope_totals ->> s.key)::int, 0) + s.value::int)
                     FROM jsonb_each_text(d.scopes) s)
            FROM (SELECT user_id, company_id, sum(total)::int AS total, sum(unread)::int AS unread,
                         jsonb_object_agg(scope, total) AS scopes
                    FROM (SELECT n.user_id, n.company_id, n.scope, count(*) AS total,
                                 count(*) FILTER (WHERE NOT n.is_read AND n.created_at > coalesce(k.read_before, '-infinity')) AS unread
                            FROM new_rows n JOIN notification_counters k USING (user_id, company_id)
                           GROUP BY n.user_id, n.company_id, n.scope) AS by_scope
                   GROUP BY user_id, company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id;
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM old_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          UPDATE notification_counters AS c
             SET total = c.total - d.total, unread = c.unread - d.unread,
                 scope_totals = c.scope_totals || (
                   SELECT jsonb_object_agg(s.key, coalesce((c.scope_totals ->> s.key)::int, 0) - s.value::int)
                     FROM jsonb_each_text(d.scopes) s)
            FROM (SELECT user_id, company_id, sum(total)::int AS total, sum(unread)::int AS unread,
                         jsonb_object_agg(scope, total) AS scopes
                    FROM (SELECT o.user_id, o.company_id, o.scope, count(*) AS total,
                                 count(*) FILTER (WHERE NOT o.is_read AND o.created_at > coalesce(k.read_before, '-infinity')) AS unread
                            FROM old_rows o JOIN notification_counters k USING (user_id, company_id)
                           GROUP BY o.user_id, o.company_id, o.scope) AS by_scope
                   GROUP BY user_id, company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id;
        ELSE
          /* Only a change of is_read or created_at can move the unread count
             (the actor refresh, which rewrites names, takes no lock here) */
          IF NOT EXISTS (SELECT id, is_read, created_at FROM new_rows EXCEPT ALL SELECT id, is_read, created_at FROM old_rows) THEN
            RETURN NULL;
          END IF;
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM new_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          UPDATE notification_counters AS c
             SET unread = c.unread + d.delta
            FROM (SELECT n.user_id, n.company_id,
                         sum((NOT n.is_read AND n.created_at > coalesce(k.read_before, '-infinity'))::int
                           - (NOT o.is_read AND o.created_at > coalesce(k.read_before, '-infinity'))::int) AS delta
                    FROM new_rows n JOIN old_rows o ON o.id = n.id
                    JOIN notification_counters k ON k.user_id = n.user_id AND k.company_id = n.company_id
                   GROUP BY n.user_id, n.company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id AND d.delta <> 0;
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.notification_rank_marks_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          
  IF EXISTS (WITH events AS (SELECT user_id, company_id, created_at, id, 1 AS sign FROM new_rows)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT user_id, company_id, created_at, id, 1 AS sign FROM new_rows)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  WITH ranked AS MATERIALIZED (
    SELECT n.user_id, n.company_id, n.created_at, n.id,
           n.created_at <= coalesce(c.read_before, '-infinity') AS late,
           c.total - count(*) OVER inbox
             + row_number() OVER (inbox ORDER BY n.created_at, n.id) - 1 AS older
      FROM new_rows n
      JOIN notification_counters c ON c.user_id = n.user_id AND c.company_id = n.company_id
    WINDOW inbox AS (PARTITION BY n.user_id, n.company_id)
  ), candidates AS MATERIALIZED (
    SELECT * FROM ranked WHERE older > 0 AND older % 256 = 0
  ), eligible AS MATERIALIZED (
    SELECT f.user_id, f.company_id
      FROM (SELECT DISTINCT ON (r.user_id, r.company_id) r.user_id, r.company_id, r.created_at, r.id,
                   count(*) OVER (PARTITION BY r.user_id, r.company_id) AS batch,
                   bool_or(r.late) OVER (PARTITION BY r.user_id, r.company_id) AS late
              FROM ranked r
             WHERE EXISTS (SELECT 1 FROM candidates k
                            WHERE k.user_id = r.user_id AND k.company_id = r.company_id)
             ORDER BY r.user_id, r.company_id, r.created_at, r.id) f
     WHERE NOT f.late
       AND f.batch = (SELECT count(*) FROM notifications t
                       WHERE t.user_id = f.user_id AND t.company_id = f.company_id
                         AND (t.created_at, t.id) >= (f.created_at, f.id))
  )
  INSERT INTO notification_rank_marks (user_id, company_id, created_at, id, older)
  SELECT k.user_id, k.company_id, k.created_at, k.id, k.older
    FROM candidates k JOIN eligible e ON e.user_id = k.user_id AND e.company_id = k.company_id
  ON CONFLICT DO NOTHING;
        ELSIF TG_OP = 'DELETE' THEN
          
  IF EXISTS (WITH events AS (SELECT user_id, company_id, created_at, id, -1 AS sign FROM old_rows)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT user_id, company_id, created_at, id, -1 AS sign FROM old_rows)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  DELETE FROM notification_rank_marks m
   USING (SELECT DISTINCT user_id, company_id FROM old_rows) b
   WHERE m.user_id = b.user_id AND m.company_id = b.company_id AND m.older <= 0;
        ELSE
          IF NOT EXISTS (SELECT id, created_at FROM new_rows EXCEPT ALL SELECT id, created_at FROM old_rows) THEN
            RETURN NULL;
          END IF;
          
  IF EXISTS (WITH events AS (SELECT user_id, company_id, created_at, id, 1 AS sign FROM (SELECT user_id, company_id, created_at, id FROM new_rows EXCEPT ALL SELECT user_id, company_id, created_at, id FROM old_rows) added
           UNION ALL
           SELECT user_id, company_id, created_at, id, -1 FROM (SELECT user_id, company_id, created_at, id FROM old_rows EXCEPT ALL SELECT user_id, company_id, created_at, id FROM new_rows) removed)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT user_id, company_id, created_at, id, 1 AS sign FROM (SELECT user_id, company_id, created_at, id FROM new_rows EXCEPT ALL SELECT user_id, company_id, created_at, id FROM old_rows) added
           UNION ALL
           SELECT user_id, company_id, created_at, id, -1 FROM (SELECT user_id, company_id, created_at, id FROM old_rows EXCEPT ALL SELECT user_id, company_id, created_at, id FROM new_rows) removed)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  DELETE FROM notification_rank_marks m
   USING (SELECT DISTINCT user_id, company_id FROM old_rows) b
   WHERE m.user_id = b.user_id AND m.company_id = b.company_id AND m.older <= 0;
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.notification_scope_totals_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
  BEGIN
    /* An update moves a row's count only when its scope changes (never by the app) */
    IF EXISTS (SELECT id, scope FROM new_rows EXCEPT ALL SELECT id, scope FROM old_rows) THEN
      
    UPDATE notification_counters c
       SET scope_totals = (
             SELECT coalesce(jsonb_object_agg(key, coalesce((c.scope_totals ->> key)::int, 0)
                                                  + coalesce((i.delta ->> key)::int, 0)), '{}')
               FROM jsonb_object_keys(c.scope_totals || i.delta) AS key)
      FROM (SELECT user_id, company_id, jsonb_object_agg(scope, -1 * n) AS delta
              FROM (SELECT user_id, company_id, scope, count(*)::int AS n
                      FROM old_rows GROUP BY user_id, company_id, scope) changed
             GROUP BY user_id, company_id) i
     WHERE c.user_id = i.user_id AND c.company_id = i.company_id;
      
    UPDATE notification_counters c
       SET scope_totals = (
             SELECT coalesce(jsonb_object_agg(key, coalesce((c.scope_totals ->> key)::int, 0)
                                                  + coalesce((i.delta ->> key)::int, 0)), '{}')
               FROM jsonb_object_keys(c.scope_totals || i.delta) AS key)
      FROM (SELECT user_id, company_id, jsonb_object_agg(scope, 1 * n) AS delta
              FROM (SELECT user_id, company_id, scope, count(*)::int AS n
                      FROM new_rows GROUP BY user_id, company_id, scope) changed
             GROUP BY user_id, company_id) i
     WHERE c.user_id = i.user_id AND c.company_id = i.company_id;
    END IF;
    RETURN NULL;
  END
  $function$
CREATE OR REPLACE FUNCTION public.notifications_notify_created()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      DECLARE
        batch text;
      BEGIN
        FOR batch IN
          SELECT json_agg(json_build_object('id', id, 'userId', user_id, 'companyId', company_id)
                          ORDER BY n)::text
            FROM (SELECT id, user_id, company_id, row_number() OVER () AS n FROM new_rows) AS numbered
           GROUP BY (n - 1) / 50
           ORDER BY (n - 1) / 50
        LOOP
          PERFORM pg_notify('notifications_created', batch);
        END LOOP;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_bump(scopes text[])
 RETURNS void
 LANGUAGE sql
AS $function$
        INSERT INTO read_version_changes (scopes) SELECT scopes WHERE cardinality(scopes) > 0
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_companies()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY['directory']);
        ELSIF EXISTS (SELECT * FROM new_rows EXCEPT ALL SELECT * FROM old_rows) THEN
          PERFORM read_versions_bump(ARRAY['directory']);
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_company_link_counters()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'c:' || r.company_id FROM rows r));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r));
          ELSE
            PERFORM read_versions_bump(ARRAY(WITH rows AS (
              SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r));
          END IF;
          RETURN NULL;
        END
        $function$
CREATE OR REPLACE FUNCTION public.read_versions_company_members()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'c:' || r.company_id FROM rows r
    UNION ALL SELECT 'u:' || r.user_id FROM rows r
    UNION ALL SELECT 'c:' || c.company_id FROM rows r JOIN contract_parts cp ON cp.company_id = r.company_id
              JOIN contracts c ON c.id = cp.contract_id WHERE r.role = 'owner'));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r
    UNION ALL SELECT 'u:' || r.user_id FROM rows r
    UNION ALL SELECT 'c:' || c.company_id FROM rows r JOIN contract_parts cp ON cp.company_id = r.company_id
              JOIN contracts c ON c.id = cp.contract_id WHERE r.role = 'owner'));
          ELSE
            PERFORM read_versions_bump(ARRAY(WITH rows AS (
              SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r
    UNION ALL SELECT 'u:' || r.user_id FROM rows r
    UNION ALL SELECT 'c:' || c.company_id FROM rows r JOIN contract_parts cp ON cp.company_id = r.company_id
              JOIN contracts c ON c.id = cp.contract_id WHERE r.role = 'owner'));
          END IF;
          RETURN NULL;
        END
        $function$
CREATE OR REPLACE FUNCTION public.read_versions_compliance_document_requirements()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_steps s ON s.id = r.step_id JOIN compliance_flows f ON f.id = s.flow_id));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_steps s ON s.id = r.step_id JOIN compliance_flows f ON f.id = s.flow_id));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_steps s ON s.id = r.step_id JOIN compliance_flows f ON f.id = s.flow_id));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_compliance_flows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || r.company_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || r.company_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || r.company_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_compliance_step_validators()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_steps s ON s.id = r.step_id JOIN compliance_flows f ON f.id = s.flow_id));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_steps s ON s.id = r.step_id JOIN compliance_flows f ON f.id = s.flow_id));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_steps s ON s.id = r.step_id JOIN compliance_flows f ON f.id = s.flow_id));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_compliance_steps()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_flows f ON f.id = r.flow_id));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_flows f ON f.id = r.flow_id));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || f.company_id FROM rows r JOIN compliance_flows f ON f.id = r.flow_id));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_document_requirements()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_part_groups()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_parts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'c:' || r.company_id FROM rows r WHERE r.company_id IS NOT NULL
    UNION ALL SELECT 'c:' || c.company_id FROM rows r JOIN contracts c ON c.id = r.contract_id UNION ALL SELECT 'k:' || r.contract_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r WHERE r.company_id IS NOT NULL
    UNION ALL SELECT 'c:' || c.company_id FROM rows r JOIN contracts c ON c.id = r.contract_id UNION ALL SELECT 'k:' || r.contract_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r WHERE r.company_id IS NOT NULL
    UNION ALL SELECT 'c:' || c.company_id FROM rows r JOIN contracts c ON c.id = r.contract_id UNION ALL SELECT 'k:' || r.contract_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_reviewers()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_signature_groups()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_signature_members()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_status_counters()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'c:' || r.company_id FROM rows r));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r));
          ELSE
            PERFORM read_versions_bump(ARRAY(WITH rows AS (
              SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r));
          END IF;
          RETURN NULL;
        END
        $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_uploaded_files()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contract_variable_values()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'k:' || r.contract_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_contracts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'c:' || r.company_id FROM rows r UNION ALL SELECT 'k:' || r.id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r UNION ALL SELECT 'k:' || r.id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'c:' || r.company_id FROM rows r UNION ALL SELECT 'k:' || r.id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_created()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        PERFORM read_versions_bump(ARRAY(SELECT TG_ARGV[0] || r.id FROM new_rows r));
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_notification_counters()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          ELSE
            PERFORM read_versions_bump(ARRAY(WITH rows AS (
              SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          END IF;
          RETURN NULL;
        END
        $function$
CREATE OR REPLACE FUNCTION public.read_versions_notification_rank_marks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          ELSE
            PERFORM read_versions_bump(ARRAY(WITH rows AS (
              SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          END IF;
          RETURN NULL;
        END
        $function$
CREATE OR REPLACE FUNCTION public.read_versions_notification_read_marks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          ELSE
            PERFORM read_versions_bump(ARRAY(WITH rows AS (
              SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          END IF;
          RETURN NULL;
        END
        $function$
CREATE OR REPLACE FUNCTION public.read_versions_notifications()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          ELSE
            PERFORM read_versions_bump(ARRAY(WITH rows AS (
              SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'n:' || r.user_id || ':' || r.company_id FROM rows r));
          END IF;
          RETURN NULL;
        END
        $function$
CREATE OR REPLACE FUNCTION public.read_versions_provider_compliance_flow_leaderships()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || p.company_id FROM rows r JOIN provider_compliance_flows p ON p.id = r.provider_compliance_flow_id));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || p.company_id FROM rows r JOIN provider_compliance_flows p ON p.id = r.provider_compliance_flow_id));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || p.company_id FROM rows r JOIN provider_compliance_flows p ON p.id = r.provider_compliance_flow_id));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_provider_compliance_flows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || r.company_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || r.company_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || r.company_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_provider_compliances()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || r.company_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || r.company_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || r.company_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_raise()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        WITH raised AS (DELETE FROM read_version_changes RETURNING scopes)
        INSERT INTO read_versions AS v (scope, version)
        SELECT d.s, nextval('read_versions_seq')
          FROM (SELECT DISTINCT s FROM raised, unnest(raised.scopes) s
                 WHERE s IS NOT NULL ORDER BY 1) d
        ON CONFLICT (scope) DO UPDATE SET version = EXCLUDED.version;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_step_compliance_documents()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || p.company_id FROM rows r JOIN step_compliances s ON s.id = r.step_compliance_id
                  JOIN provider_compliances p ON p.id = s.provider_compliance_id));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || p.company_id FROM rows r JOIN step_compliances s ON s.id = r.step_compliance_id
                  JOIN provider_compliances p ON p.id = s.provider_compliance_id));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || p.company_id FROM rows r JOIN step_compliances s ON s.id = r.step_compliance_id
                  JOIN provider_compliances p ON p.id = s.provider_compliance_id));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_step_compliances()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'f:' || p.company_id FROM rows r JOIN provider_compliances p ON p.id = r.provider_compliance_id));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'f:' || p.company_id FROM rows r JOIN provider_compliances p ON p.id = r.provider_compliance_id));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'f:' || p.company_id FROM rows r JOIN provider_compliances p ON p.id = r.provider_compliance_id));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_users()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY['directory']);
        ELSE
          PERFORM read_versions_bump(
            ARRAY(SELECT 'u:' || changed.id
                    FROM (SELECT * FROM new_rows EXCEPT ALL SELECT * FROM old_rows) changed)
            || CASE WHEN EXISTS (SELECT id, name, email, phone, cpf, avatar FROM new_rows
                                 EXCEPT ALL SELECT id, name, email, phone, cpf, avatar FROM old_rows)
                    THEN ARRAY['directory'] ELSE '{}'::text[] END);
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_work_entries()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'h:' || r.company_id FROM rows r));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'h:' || r.company_id FROM rows r));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'h:' || r.company_id FROM rows r));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.read_versions_work_entry_tasks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM new_rows) SELECT 'h:' || w.company_id FROM rows r JOIN work_entries w ON w.id = r.work_entry_id));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY(WITH rows AS (SELECT * FROM old_rows) SELECT 'h:' || w.company_id FROM rows r JOIN work_entries w ON w.id = r.work_entry_id));
        ELSE
          PERFORM read_versions_bump(ARRAY(WITH rows AS (
            SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) SELECT 'h:' || w.company_id FROM rows r JOIN work_entries w ON w.id = r.work_entry_id));
        END IF;
        RETURN NULL;
      END
      $function$
CREATE OR REPLACE FUNCTION public.set_limit(real)
 RETURNS real
 LANGUAGE c
 STRICT
AS '$libdir/pg_trgm', $function$set_limit$function$
CREATE OR REPLACE FUNCTION public.show_limit()
 RETURNS real
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$show_limit$function$
CREATE OR REPLACE FUNCTION public.show_trgm(text)
 RETURNS text[]
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$show_trgm$function$
CREATE OR REPLACE FUNCTION public.similarity(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$similarity$function$
CREATE OR REPLACE FUNCTION public.similarity_dist(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$similarity_dist$function$
CREATE OR REPLACE FUNCTION public.similarity_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$similarity_op$function$
CREATE OR REPLACE FUNCTION public.strict_word_similarity(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity$function$
CREATE OR REPLACE FUNCTION public.strict_word_similarity_commutator_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity_commutator_op$function$
CREATE OR REPLACE FUNCTION public.strict_word_similarity_dist_commutator_op(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity_dist_commutator_op$function$
CREATE OR REPLACE FUNCTION public.strict_word_similarity_dist_op(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity_dist_op$function$
CREATE OR REPLACE FUNCTION public.strict_word_similarity_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$strict_word_similarity_op$function$
CREATE OR REPLACE FUNCTION public.word_similarity(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity$function$
CREATE OR REPLACE FUNCTION public.word_similarity_commutator_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity_commutator_op$function$
CREATE OR REPLACE FUNCTION public.word_similarity_dist_commutator_op(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity_dist_commutator_op$function$
CREATE OR REPLACE FUNCTION public.word_similarity_dist_op(text, text)
 RETURNS real
 LANGUAGE c
 IMMUTABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity_dist_op$function$
CREATE OR REPLACE FUNCTION public.word_similarity_op(text, text)
 RETURNS boolean
 LANGUAGE c
 STABLE PARALLEL SAFE STRICT
AS '$libdir/pg_trgm', $function$word_similarity_op$function$

-- triggers
CREATE TRIGGER api_keys_audit AFTER INSERT OR DELETE OR UPDATE ON public.api_keys FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()
CREATE TRIGGER live_revoke_deleted_session AFTER DELETE ON public.auth_sessions FOR EACH ROW WHEN ((old.revoked_at IS NULL)) EXECUTE FUNCTION live_revoke_session()
CREATE TRIGGER live_revoke_session AFTER UPDATE OF revoked_at ON public.auth_sessions FOR EACH ROW WHEN (((old.revoked_at IS NULL) AND (new.revoked_at IS NOT NULL))) EXECUTE FUNCTION live_revoke_session()
CREATE TRIGGER companies_audit AFTER INSERT OR DELETE OR UPDATE ON public.companies FOR EACH ROW EXECUTE FUNCTION audit_write('id')
CREATE TRIGGER companies_link_refresh AFTER UPDATE OF name, trade_name, document ON public.companies FOR EACH ROW WHEN ((((old.name)::text IS DISTINCT FROM (new.name)::text) OR ((old.trade_name)::text IS DISTINCT FROM (new.trade_name)::text) OR ((old.document)::text IS DISTINCT FROM (new.document)::text))) EXECUTE FUNCTION contract_part_links_refresh()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.companies FOR EACH STATEMENT EXECUTE FUNCTION read_versions_companies()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.companies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_created('c:')
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_companies()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.company_link_counters REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_company_link_counters()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.company_link_counters REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_company_link_counters()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.company_link_counters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_company_link_counters()
CREATE TRIGGER company_members_audit AFTER INSERT OR DELETE OR UPDATE ON public.company_members FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER company_members_link_refresh AFTER INSERT OR DELETE OR UPDATE OF role, user_id, company_id, created_at ON public.company_members FOR EACH ROW EXECUTE FUNCTION contract_part_links_refresh()
CREATE TRIGGER live_revoke_membership AFTER DELETE ON public.company_members FOR EACH ROW EXECUTE FUNCTION live_revoke_membership()
CREATE TRIGGER live_revoke_moved_membership AFTER UPDATE OF user_id, company_id ON public.company_members FOR EACH ROW WHEN (((old.user_id <> new.user_id) OR (old.company_id <> new.company_id))) EXECUTE FUNCTION live_revoke_membership()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.company_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_company_members()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.company_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_company_members()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.company_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_company_members()
CREATE TRIGGER company_notification_settings_audit AFTER INSERT OR DELETE OR UPDATE ON public.company_notification_settings FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.compliance_document_requirements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_document_requirements()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.compliance_document_requirements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_document_requirements()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.compliance_document_requirements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_document_requirements()
CREATE TRIGGER compliance_flows_audit AFTER INSERT OR DELETE OR UPDATE ON public.compliance_flows FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.compliance_flows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_flows()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.compliance_flows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_flows()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.compliance_flows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_flows()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.compliance_step_validators REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_step_validators()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.compliance_step_validators REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_step_validators()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.compliance_step_validators REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_step_validators()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.compliance_steps REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_steps()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.compliance_steps REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_steps()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.compliance_steps REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_compliance_steps()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_document_requirements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_document_requirements()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_document_requirements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_document_requirements()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_document_requirements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_document_requirements()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_part_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_part_groups()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_part_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_part_groups()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_part_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_part_groups()
CREATE TRIGGER company_link_counters_delete AFTER DELETE ON public.contract_parts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION company_link_counters_apply()
CREATE TRIGGER company_link_counters_insert AFTER INSERT ON public.contract_parts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_link_counters_apply()
CREATE TRIGGER company_link_counters_update AFTER UPDATE ON public.contract_parts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_link_counters_apply()
CREATE TRIGGER contract_parts_link_fields BEFORE INSERT OR UPDATE ON public.contract_parts FOR EACH ROW EXECUTE FUNCTION contract_part_link_fields()
CREATE TRIGGER link_search_buckets_insert AFTER INSERT ON public.contract_parts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION link_search_buckets_note()
CREATE TRIGGER link_search_buckets_update AFTER UPDATE ON public.contract_parts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION link_search_buckets_note()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_parts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_parts()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_parts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_parts()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_parts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_parts()
CREATE TRIGGER contract_review_approvals_audit AFTER INSERT OR DELETE OR UPDATE ON public.contract_review_approvals FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER contract_review_comments_audit AFTER INSERT OR DELETE OR UPDATE ON public.contract_review_comments FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_reviewers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_reviewers()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_reviewers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_reviewers()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_reviewers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_reviewers()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_signature_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_signature_groups()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_signature_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_signature_groups()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_signature_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_signature_groups()
CREATE TRIGGER contract_signature_members_audit AFTER INSERT OR DELETE OR UPDATE ON public.contract_signature_members FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_signature_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_signature_members()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_signature_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_signature_members()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_signature_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_signature_members()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_status_counters REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_status_counters()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_status_counters REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_status_counters()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_status_counters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_status_counters()
CREATE TRIGGER contract_templates_audit AFTER INSERT OR DELETE OR UPDATE ON public.contract_templates FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER contract_uploaded_files_audit AFTER INSERT OR DELETE OR UPDATE ON public.contract_uploaded_files FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_uploaded_files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_uploaded_files()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_uploaded_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_uploaded_files()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_uploaded_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_uploaded_files()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contract_variable_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_variable_values()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contract_variable_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_variable_values()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contract_variable_values REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contract_variable_values()
CREATE TRIGGER contract_name_hours_insert AFTER INSERT ON public.contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_name_hours_note()
CREATE TRIGGER contract_name_hours_update AFTER UPDATE ON public.contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_name_hours_note()
CREATE TRIGGER contract_name_statuses_insert AFTER INSERT ON public.contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_name_statuses_note()
CREATE TRIGGER contract_name_statuses_update AFTER UPDATE ON public.contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_name_statuses_note()
CREATE TRIGGER contract_status_counters_delete AFTER DELETE ON public.contracts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_status_counters_apply()
CREATE TRIGGER contract_status_counters_insert AFTER INSERT ON public.contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_status_counters_apply()
CREATE TRIGGER contract_status_counters_update AFTER UPDATE ON public.contracts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contract_status_counters_apply()
CREATE TRIGGER contracts_audit AFTER INSERT OR DELETE OR UPDATE ON public.contracts FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER contracts_link_refresh AFTER UPDATE OF company_id, deleted_at ON public.contracts FOR EACH ROW WHEN (((old.company_id IS DISTINCT FROM new.company_id) OR ((old.deleted_at IS NULL) <> (new.deleted_at IS NULL)))) EXECUTE FUNCTION contract_part_links_refresh()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.contracts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contracts()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contracts()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.contracts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_contracts()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.notification_counters REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() = 0)) EXECUTE FUNCTION read_versions_notification_counters()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.notification_counters REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() = 0)) EXECUTE FUNCTION read_versions_notification_counters()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.notification_counters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() = 0)) EXECUTE FUNCTION read_versions_notification_counters()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.notification_rank_marks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() = 0)) EXECUTE FUNCTION read_versions_notification_rank_marks()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.notification_rank_marks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() = 0)) EXECUTE FUNCTION read_versions_notification_rank_marks()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.notification_rank_marks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((pg_trigger_depth() = 0)) EXECUTE FUNCTION read_versions_notification_rank_marks()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.notification_read_marks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_notification_read_marks()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.notification_read_marks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_notification_read_marks()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.notification_read_marks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_notification_read_marks()
CREATE TRIGGER notification_counters_delete AFTER DELETE ON public.notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_apply()
CREATE TRIGGER notification_counters_insert AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_apply()
CREATE TRIGGER notification_counters_update AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_apply()
CREATE TRIGGER notification_rank_marks_delete AFTER DELETE ON public.notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_rank_marks_apply()
CREATE TRIGGER notification_rank_marks_insert AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_rank_marks_apply()
CREATE TRIGGER notification_rank_marks_update AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_rank_marks_apply()
CREATE TRIGGER notification_scope_totals_update AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_scope_totals_apply()
CREATE TRIGGER notifications_notify_created AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_notify_created()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_notifications()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_notifications()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_notifications()
CREATE TRIGGER onboardings_audit AFTER INSERT OR DELETE OR UPDATE ON public.onboardings FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.provider_compliance_flow_leaderships REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliance_flow_leaderships()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.provider_compliance_flow_leaderships REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliance_flow_leaderships()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.provider_compliance_flow_leaderships REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliance_flow_leaderships()
CREATE TRIGGER compliance_flow_providers_count_delete AFTER DELETE ON public.provider_compliance_flows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_flow_providers_count_delete()
CREATE TRIGGER compliance_flow_providers_count_insert AFTER INSERT ON public.provider_compliance_flows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_flow_providers_count_insert()
CREATE TRIGGER compliance_flow_providers_count_update AFTER UPDATE ON public.provider_compliance_flows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_flow_providers_count_update()
CREATE TRIGGER provider_compliance_flows_audit AFTER INSERT OR DELETE OR UPDATE ON public.provider_compliance_flows FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.provider_compliance_flows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliance_flows()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.provider_compliance_flows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliance_flows()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.provider_compliance_flows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliance_flows()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.provider_compliances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliances()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.provider_compliances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliances()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.provider_compliances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_provider_compliances()
CREATE CONSTRAINT TRIGGER read_versions_raise AFTER INSERT ON public.read_version_changes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_versions_raise()
CREATE TRIGGER retroactive_requests_audit AFTER INSERT OR DELETE OR UPDATE ON public.retroactive_requests FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER step_compliance_approvals_audit AFTER INSERT OR DELETE OR UPDATE ON public.step_compliance_approvals FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.step_compliance_documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_step_compliance_documents()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.step_compliance_documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_step_compliance_documents()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.step_compliance_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_step_compliance_documents()
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.step_compliances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_step_compliances()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.step_compliances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_step_compliances()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.step_compliances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_step_compliances()
CREATE TRIGGER step_compliances_audit AFTER INSERT OR DELETE OR UPDATE ON public.step_compliances FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER user_invitations_audit AFTER INSERT OR DELETE OR UPDATE ON public.user_invitations FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION read_versions_users()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_created('u:')
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_users()
CREATE TRIGGER users_link_refresh AFTER UPDATE OF name, email, cpf ON public.users FOR EACH ROW WHEN ((((old.name)::text IS DISTINCT FROM (new.name)::text) OR ((old.email)::text IS DISTINCT FROM (new.email)::text) OR ((old.cpf)::text IS DISTINCT FROM (new.cpf)::text))) EXECUTE FUNCTION contract_part_links_refresh()
CREATE TRIGGER webhook_endpoints_audit AFTER INSERT OR DELETE OR UPDATE ON public.webhook_endpoints FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.work_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_work_entries()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.work_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_work_entries()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.work_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_work_entries()
CREATE TRIGGER work_entries_audit AFTER INSERT OR DELETE OR UPDATE ON public.work_entries FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
CREATE TRIGGER read_versions_delete AFTER DELETE ON public.work_entry_tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_work_entry_tasks()
CREATE TRIGGER read_versions_insert AFTER INSERT ON public.work_entry_tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_work_entry_tasks()
CREATE TRIGGER read_versions_update AFTER UPDATE ON public.work_entry_tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_versions_work_entry_tasks()
CREATE TRIGGER workflows_audit AFTER INSERT OR DELETE OR UPDATE ON public.workflows FOR EACH ROW EXECUTE FUNCTION audit_write('company_id')
