import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Company from '#models/company'
import CompanyMember from '#models/company_member'
import type User from '#models/user'
import { NotFoundException } from '#exceptions/http_exceptions'
import { notify } from '#services/notifications/notifier'
import type { CustomSentBy, Recipient } from '#services/notifications/types'
import { firstLine, richTextToPlainText, sanitizeRichText } from '#support/html'
import type { sendCustomNotificationValidator } from '#validators/notification'
import { phrase } from '#support/i18n'
import { prepared } from '#support/prepared_statement'

type Payload = Infer<typeof sendCustomNotificationValidator>

/** The title of a message sent without one and without text to take it from */
export const DEFAULT_CUSTOM_TITLE = phrase('notice.custom_default_title')

interface Params {
  sender: User
  membership: CompanyMember
  payload: Payload
}

/**
 * I5: a direct message to a user of the context company, or to the owner
 * of a company (a legal entity) linked to it, on the chosen channels;
 * each channel passes the delivery rule on its own.
 */
export default class SendCustomNotification {
  handle({ sender, membership, payload }: Params) {
    return db.transaction(async (trx) => {
      const recipient = await this.#recipient(payload.sendTo, membership.company, trx)
      /* Sanitised before anything is stored or queued: the e-mail gets the
         allow-listed HTML, the in-app row and messenger its plain text */
      const html = sanitizeRichText(payload.message)
      const text = richTextToPlainText(html)
      const title =
        (payload.title && richTextToPlainText(payload.title).slice(0, 255)) ||
        firstLine(text)?.slice(0, 255) ||
        DEFAULT_CUSTOM_TITLE
      const signature = `${payload.sender?.name ?? sender.name} (${payload.sender?.role ?? membership.role})`
      /* The free-text sender is the author's claim; who really sent it goes beside it */
      const sentBy = {
        userId: sender.id,
        userName: sender.name,
        companyId: membership.company.id,
        companyName: membership.company.name,
      } satisfies CustomSentBy

      const [result] = await notify(
        'custom',
        [recipient],
        {
          title,
          message: text,
          html,
          scope: 'personal',
          activity: { metadata: { sentBy } },
          actor: { id: sender.id, name: signature, avatar: sender.avatar },
        },
        { trx, channels: payload.platforms }
      )
      return {
        sendTo: payload.sendTo,
        dispatched: result.channels.some((channel) => channel.dispatched),
        channels: result.channels,
      }
    })
  }

  /**
   * A member of the context company, or a company linked to it (the
   * context company itself, or one whose owner holds a `provider`
   * membership in it: CompanyMember.unlinkedParties), reached through its
   * owner, else its oldest admin, who is a member of the context company.
   * Anything else is 404 like an unknown id. The row is always stored with
   * the context company: a sender never writes into another tenant. A
   * company's e-mail goes to its owner (`CompanyMember.ownerOf`).
   */
  async #recipient(sendTo: string, company: Company, trx: TransactionClientContract) {
    const recipient = (userId: string) => ({ userId, companyId: company.id }) satisfies Recipient
    const member = await prepared(
      CompanyMember.query({ client: trx }).where('company_id', company.id).where('user_id', sendTo)
    ).first()
    if (member) return recipient(sendTo)

    const [unlinked] = await CompanyMember.unlinkedParties(
      company.id,
      { companyIds: [sendTo] },
      trx
    )
    const owner = unlinked
      ? null
      : await CompanyMember.query({ client: trx })
          .where('company_id', sendTo)
          .whereIn('role', ['owner', 'admin'])
          .whereExists((linked) =>
            linked
              .from('company_members as link')
              .whereColumn('link.user_id', 'company_members.user_id')
              .where('link.company_id', company.id)
          )
          .orderByRaw(`CASE role WHEN 'owner' THEN 0 ELSE 1 END`)
          .orderBy('created_at', 'asc')
          .first()
    if (!owner) throw new NotFoundException('errors.recipient_not_found')
    /* the company is linked: its e-mail goes to its owner always, even an
       owner who is no member of the context company (spec I5); the in-app
       row goes to the member above, who can read it in this company */
    const mailbox = await CompanyMember.ownerOf(sendTo, trx)
    return {
      ...recipient(owner.userId),
      emailTo: mailbox ? { email: mailbox.user.email, name: mailbox.user.name } : null,
    }
  }
}
