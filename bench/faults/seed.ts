import { buildBenchContext, ensureMember, ensureUser } from '#bench/context'

/** What `bench:faults` needs to call I5: the sender's token, its company, the recipient */
export interface FaultBenchSeed {
  token: string
  companyId: string
  recipientId: string
  recipientEmail: string
}

/**
 * The bench's borrower and its owner (the sender), plus a `user` member of
 * the borrower who receives every custom notification by e-mail.
 */
export async function seedFaultBench(): Promise<FaultBenchSeed> {
  const context = await buildBenchContext(1)
  const recipient = await ensureUser('recipient@bench.test', 'Bench Recipient')
  await ensureMember(context.borrower, recipient, 'user')
  return {
    token: await context.tokenFor(context.borrowerOwner),
    companyId: context.borrower.id,
    recipientId: recipient.id,
    recipientEmail: recipient.email,
  }
}
