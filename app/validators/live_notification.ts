import vine from '@vinejs/vine'

/**
 * The stream id the transmit client generates (crypto.randomUUID()): it is
 * the stream's only secret, so a guessable one is refused.
 */
const uid = () => vine.string().uuid({ version: [4] })

/** GET /__transmit/events?uid= */
export const liveStreamValidator = vine.create({ uid: uid() })

/** POST /__transmit/subscribe and /__transmit/unsubscribe */
export const liveSubscriptionValidator = vine.create({
  uid: uid(),
  channel: vine.string().maxLength(200),
})
