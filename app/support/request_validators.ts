import { createApiKeyValidator, listApiKeysValidator } from '#validators/api_key'
import { checkAppVersionValidator } from '#validators/app_version'
import { listAuditLogValidator } from '#validators/audit_log'
import {
  forgotPasswordValidator,
  loginValidator,
  refreshTokenValidator,
  registerValidator,
  resetPasswordValidator,
} from '#validators/auth'
import { updateCompanyValidator } from '#validators/company'
import {
  inviteCompanyMemberValidator,
  listCompanyMembersValidator,
  updateCompanyMemberValidator,
} from '#validators/company_member'
import {
  attachFlowToProviderValidator,
  attachProvidersValidator,
  attachmentsValidator,
  availableProvidersValidator,
  createComplianceFlowValidator,
  listComplianceFlowsValidator,
  listFlowProvidersValidator,
  updateComplianceFlowValidator,
  updateStepLeadershipsValidator,
} from '#validators/compliance_flow'
import {
  boardContractsValidator,
  cancelContractValidator,
  changeContractStatusValidator,
  listContractsValidator,
  saveContractValidator,
} from '#validators/contract'
import {
  addReviewCommentValidator,
  approveReviewValidator,
  rejectReviewValidator,
  updateReviewCommentValidator,
} from '#validators/contract_review'
import {
  configureSignaturesValidator,
  rejectSignatureValidator,
} from '#validators/contract_signature'
import { listTemplatesValidator, saveTemplateValidator } from '#validators/contract_template'
import {
  reviewContractDocumentValidator,
  uploadContractFileValidator,
} from '#validators/contract_upload'
import { liveStreamValidator, liveSubscriptionValidator } from '#validators/live_notification'
import {
  listNotificationsValidator,
  sendCustomNotificationValidator,
} from '#validators/notification'
import {
  updateCompanyNotificationSettingsValidator,
  updateNotificationPreferencesValidator,
} from '#validators/notification_settings'
import {
  createOnboardingLinkValidator,
  reviewOnboardingDocumentValidator,
  saveOnboardingFormValidator,
} from '#validators/onboarding'
import {
  changePasswordValidator,
  connectProviderValidator,
  registerPasswordValidator,
  updateProfileValidator,
} from '#validators/profile'
import {
  grantPlatformDataValidator,
  listCompanyCompliancesValidator,
  listProviderCompliancesValidator,
  listTeamCompliancesValidator,
  reviewStepValidator,
  uploadStepDocumentValidator,
} from '#validators/provider_compliance'
import { listMonthlyHoursValidator } from '#validators/provider_hours'
import {
  createRetroactiveRequestValidator,
  declineRetroactiveRequestValidator,
  listRetroactiveRequestsValidator,
} from '#validators/retroactive_request'
import {
  acceptInvitationValidator,
  inviteTeamMemberValidator,
  listTeamValidator,
  toggleTeamLinkValidator,
} from '#validators/team'
import {
  createWebhookValidator,
  listWebhooksValidator,
  updateWebhookValidator,
} from '#validators/webhook'
import { listWorkEntriesValidator, saveWorkEntryValidator } from '#validators/work_entry'
import { listWorkflowsValidator, saveWorkflowValidator } from '#validators/workflow'

/** Anything with a VineJS `toJSONSchema()`: a validator made with `vine.create(...)` */
export interface JsonSchemaSource {
  toJSONSchema(): unknown
}

/** The validators of a route's input: `body` (JSON or multipart) and `query` (the query string) */
export interface RequestValidators {
  body?: JsonSchemaSource
  query?: JsonSchemaSource
}

/**
 * The request registry (DESIGN.md, Schema-driven): per route name, the
 * validator its controller runs on the body and on the query string. The
 * OpenAPI loader (#services/platform/openapi_document) generates every
 * operation's request body and query parameters from it; the YAML keeps
 * descriptions, examples and responses. tests/unit/request_schemas.spec.ts
 * fails when a documented body or query string has no entry here (or in
 * NOT_VINE_VALIDATED) and when an entry names a validator its controller
 * does not use. Path parameters (`params` of a validator) stay in the YAML.
 */
export const REQUEST_VALIDATORS: Record<string, RequestValidators> = {
  'api_keys.index': { query: listApiKeysValidator },
  'api_keys.store': { body: createApiKeyValidator },
  'app.versions.check': { query: checkAppVersionValidator },
  'audit_log.index': { query: listAuditLogValidator },
  'auth.invitations.accept': { body: acceptInvitationValidator },
  'auth.login': { body: loginValidator },
  'auth.password.forgot': { body: forgotPasswordValidator },
  'auth.password.reset': { body: resetPasswordValidator },
  'auth.refresh': { body: refreshTokenValidator },
  'auth.register': { body: registerValidator },
  'clients.index': { query: listTeamValidator },
  'company.members.index': { query: listCompanyMembersValidator },
  'company.members.store': { body: inviteCompanyMemberValidator },
  'company.members.update': { body: updateCompanyMemberValidator },
  'company.notification_settings.update': { body: updateCompanyNotificationSettingsValidator },
  'company.update': { body: updateCompanyValidator },
  'compliance_flows.index': { query: listComplianceFlowsValidator },
  'compliance_flows.providers.attach': { body: attachProvidersValidator },
  'compliance_flows.providers.available': { query: availableProvidersValidator },
  'compliance_flows.providers.index': { query: listFlowProvidersValidator },
  'compliance_flows.store': { body: createComplianceFlowValidator },
  'compliance_flows.update': { body: updateComplianceFlowValidator },
  'compliances.index': { query: listCompanyCompliancesValidator },
  'contracts.board': { query: boardContractsValidator },
  'contracts.cancel': { body: cancelContractValidator },
  'contracts.documents.review': { body: reviewContractDocumentValidator },
  'contracts.files.store': { body: uploadContractFileValidator },
  'contracts.index': { query: listContractsValidator },
  'contracts.providers.onboarding_link': { body: createOnboardingLinkValidator },
  'contracts.review.approve': { body: approveReviewValidator },
  'contracts.review.comment': { body: addReviewCommentValidator },
  'contracts.review.comments.update': { body: updateReviewCommentValidator },
  'contracts.review.reject': { body: rejectReviewValidator },
  'contracts.review.request_changes': { body: rejectReviewValidator },
  'contracts.signatures.configure': { body: configureSignaturesValidator },
  'contracts.signatures.reject': { body: rejectSignatureValidator },
  'contracts.status': { body: changeContractStatusValidator },
  'contracts.store': { body: saveContractValidator },
  'contracts.update': { body: saveContractValidator },
  'hours.index': { query: listMonthlyHoursValidator },
  'live.events': { query: liveStreamValidator },
  'live.subscribe': { body: liveSubscriptionValidator },
  'live.unsubscribe': { body: liveSubscriptionValidator },
  'monitoring.entries.store': { body: saveWorkEntryValidator },
  'monitoring.entries.update': { body: saveWorkEntryValidator },
  'monitoring.provider.entries': { query: listWorkEntriesValidator },
  'monitoring.retroactive.decline': { body: declineRetroactiveRequestValidator },
  'monitoring.retroactive.index': { query: listRetroactiveRequestsValidator },
  'monitoring.retroactive.store': { body: createRetroactiveRequestValidator },
  'notifications.custom': { body: sendCustomNotificationValidator },
  'notifications.index': { query: listNotificationsValidator },
  'notifications.preferences.update': { body: updateNotificationPreferencesValidator },
  'onboardings.documents.review': { body: reviewOnboardingDocumentValidator },
  'provider_compliances.documents.store': { body: uploadStepDocumentValidator },
  'provider_compliances.index': { query: listProviderCompliancesValidator },
  'provider_compliances.steps.grant': { body: grantPlatformDataValidator },
  'providers.compliance_flows.store': { body: attachmentsValidator },
  'providers.index': { query: listTeamValidator },
  'public_onboarding.form': { body: saveOnboardingFormValidator },
  'team.active': { body: toggleTeamLinkValidator },
  'team.compliance_flows.attach': { body: attachFlowToProviderValidator },
  'team.compliance_flows.compliances.index': { query: listTeamCompliancesValidator },
  'team.compliance_flows.compliances.review': { body: reviewStepValidator },
  'team.compliance_flows.store': { body: attachmentsValidator },
  'team.compliance_flows.update': { body: updateStepLeadershipsValidator },
  'team.index': { query: listTeamValidator },
  'team.store': { body: inviteTeamMemberValidator },
  'templates.index': { query: listTemplatesValidator },
  'templates.store': { body: saveTemplateValidator },
  'templates.update': { body: saveTemplateValidator },
  'users.me.identities.store': { body: connectProviderValidator },
  'users.me.password.store': { body: registerPasswordValidator },
  'users.me.password.update': { body: changePasswordValidator },
  'users.me.update': { body: updateProfileValidator },
  'webhooks.deliveries': { query: listWebhooksValidator },
  'webhooks.index': { query: listWebhooksValidator },
  'webhooks.store': { body: createWebhookValidator },
  'webhooks.update': { body: updateWebhookValidator },
  'workflows.index': { query: listWorkflowsValidator },
  'workflows.store': { body: saveWorkflowValidator },
  'workflows.update': { body: saveWorkflowValidator },
}

/**
 * Inputs that a VineJS validator does not check, with what does: their
 * request schemas stay hand-written in the YAML.
 */
export const NOT_VINE_VALIDATED: Record<string, string> = {
  'company.logo.store': 'one file, checked by FileStorageService.validate (LOGO_RULES)',
  'public_onboarding.documents.upload':
    "files checked against the onboarding document's own formats and size (FileStorageService)",
  'files.show': 'a signed URL built by the API: its query string is checked by the signature',
}
