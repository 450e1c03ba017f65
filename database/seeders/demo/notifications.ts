import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DemoAccounts } from '#database/seeders/demo/accounts'
import type { DemoContracts } from '#database/seeders/demo/contracts_core'
import { contractActivity, loginAlertActivity } from '#services/notifications/activity'
import type { NotificationActivity } from '#models/notification'
import { toJsonb } from '#support/jsonb'

type Demo = [
  type: string,
  scope: string,
  title: string,
  message: string,
  read: boolean,
  activity?: NotificationActivity,
]

/** Fixed ids: a second run inserts nothing */
const demoId = (index: number) =>
  `0b7e3c4a-1d2e-4f50-8a6b-7c8d9e0f2a${String(index + 1).padStart(2, '0')}`

/**
 * A dozen notifications of mixed scopes and read states in the inbox of
 * owner@acme.test in Acme.
 */
export async function seedNotifications(
  accounts: DemoAccounts,
  contracts: DemoContracts,
  trx: TransactionClientContract
) {
  const owner = accounts.users['owner@acme.test']
  const admin = accounts.users['admin@acme.test']
  const beta = contractActivity(contracts.betaContract)
  const ana = contractActivity(contracts.anaContract)
  const sign = contractActivity(contracts.betaContract, 'Assinar')
  const device = loginAlertActivity({ browser: 'Firefox', os: 'Linux', ip: '203.0.113.7' })
  const demos: Demo[] = [
    ['contract_created', 'contract', 'Contrato criado', 'Contrato com a Beta criado.', true, beta],
    [
      'contract_published',
      'contract',
      'Contrato publicado',
      'Contrato da Ana publicado.',
      true,
      ana,
    ],
    [
      'signature_requested',
      'action',
      'Assinatura pendente',
      'Assine o contrato da Beta.',
      false,
      sign,
    ],
    ['contract_signed', 'contract', 'Contrato assinado', 'A Beta assinou o contrato.', false, beta],
    ['document_uploaded', 'contract', 'Documento enviado', 'Ana enviou o RG.', false, ana],
    [
      'document_approved',
      'contract',
      'Documento aprovado',
      'Contrato social aprovado.',
      true,
      beta,
    ],
    ['review_requested', 'action', 'Revisão solicitada', 'Revise o contrato da Ana.', false, ana],
    ['comment_added', 'personal', 'Novo comentário', 'Adam comentou na cláusula 3.', false, beta],
    ['user_invited', 'company', 'Usuário convidado', 'Vitor foi convidado para a Acme.', true],
    ['role_changed', 'role', 'Papel alterado', 'Seu papel na Acme agora é owner.', true],
    [
      'login_alert',
      'personal',
      'Novo acesso à sua conta',
      'Acesso pelo Firefox/Linux.',
      false,
      device,
    ],
    ['system_alert', 'company', 'Manutenção programada', 'Sábado, das 22h às 23h.', false],
  ]

  const ids = demos.map((_demo, index) => demoId(index))
  const existing = await trx.from('notifications').whereIn('id', ids).select('id')
  const known = new Set(existing.map((row: { id: string }) => row.id))
  const now = DateTime.now()
  const rows = demos
    .map(([type, scope, title, message, read, activity], index) => ({
      id: ids[index],
      company_id: accounts.acme.id,
      user_id: owner.id,
      type,
      scope,
      title,
      message,
      priority: type === 'signature_requested' || type === 'login_alert' ? 'high' : 'medium',
      is_read: read,
      read_at: read ? now.toJSDate() : null,
      activity: toJsonb(activity ?? null),
      actor_id: scope === 'contract' || scope === 'action' ? admin.id : null,
      actor_name: scope === 'contract' || scope === 'action' ? admin.name : null,
      created_at: now.minus({ hours: index * 7 }).toJSDate(),
      updated_at: now.toJSDate(),
    }))
    .filter((row) => !known.has(row.id))
  if (rows.length) await trx.insertQuery().table('notifications').multiInsert(rows)
}
