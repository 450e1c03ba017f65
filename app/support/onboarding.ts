/**
 * Onboarding vocabulary (spec: Onboarding view, Onboarding document status).
 */
export const ONBOARDING_STATUSES = ['pending', 'submitted', 'expired'] as const
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number]

export const ONBOARDING_DOCUMENT_STATUSES = [
  'waiting',
  'uploaded',
  'validated',
  'rejected',
] as const
export type OnboardingDocumentStatus = (typeof ONBOARDING_DOCUMENT_STATUSES)[number]

/** Documents the provider may (re)send or remove: state table, "per status" row */
export const CHANGEABLE_DOCUMENT_STATUSES: readonly OnboardingDocumentStatus[] = [
  'waiting',
  'rejected',
]

/** Documents that count as sent for the submission (rule A5) */
export const SENT_DOCUMENT_STATUSES: readonly OnboardingDocumentStatus[] = ['uploaded', 'validated']

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'date',
  'select',
  'cpf',
  'cnpj',
  'phone',
  'currency',
  'boolean',
] as const
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number]

export interface FormFieldOption {
  label: string
  value: string
}

/** Link validity chosen by the borrower (Authentication, point 3) */
export const ONBOARDING_VALIDITY_DAYS = { min: 7, max: 30, default: 14 }

/** Portuguese messages of the onboarding area (spec: Errors) */
export const ONBOARDING_MESSAGES = {
  invalidToken: 'Token inválido ou expirado',
  notFound: 'Onboarding não encontrado',
  documentNotFound: 'Documento não encontrado',
  formatNotAccepted: 'Formato de arquivo não aceito',
  fileTooLarge: 'Arquivo excede o tamanho máximo',
  fileMissing: 'Arquivo não enviado no campo file',
  tooManyFiles: 'Envie apenas um arquivo',
  fileEmpty: 'Arquivo vazio',
  alreadySent: 'Documento já enviado, aguardando validação',
  alreadyValidated: 'Documento já validado',
  cannotRemove: 'Arquivo em validação não pode ser removido',
  contractTakesNoUploads: 'O contrato não aceita mais documentos',
  alreadySubmitted: 'Onboarding já enviado para análise',
  missingRequired: 'Documentos obrigatórios pendentes',
  formSaved: 'Formulário salvo com sucesso',
  submitted: 'Onboarding enviado para análise',
  notReviewable: 'Somente documentos enviados podem ser analisados',
  contractNotFound: 'Contrato não encontrado',
  contractClosed: 'O contrato deste onboarding foi encerrado',
  providerNotFound: 'Prestador não encontrado',
  nothingToFill: 'O contrato não possui formulário nem documentos para o prestador',
  noOwnerEmail: 'O prestador não possui responsável com e-mail',
  notInProviderStatus: 'O contrato não está na etapa do prestador',
  noProviders: 'O contrato não possui prestadores',
}
