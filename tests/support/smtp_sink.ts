import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server that keeps what it receives, parsed. No import of the
 * app: `node ace bench:faults` runs it in a process that boots no app.
 */
export interface ReceivedMail {
  to: string[]
  /** The Message-ID header, as sent (`<id@host>`) */
  messageId: string
  subject: string
  html: string
  text: string
}

function decodePart(headers: string, body: string) {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString()
  if (encoding !== 'quoted-printable') return body
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => {
    return String.fromCharCode(Number.parseInt(hex, 16))
  })
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** Subject and text/html parts of a raw multipart/alternative message */
function parseMessage(raw: string, to: string[]): ReceivedMail {
  const [head] = raw.split(/\r?\n\r?\n/)
  const subject = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? ''
  const messageId = /^message-id:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? ''
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? ''
  const message: ReceivedMail = { to, messageId, subject, html: '', text: '' }
  for (const part of raw.split(`--${boundary}`).slice(1)) {
    const split = part.search(/\r?\n\r?\n/)
    const headers = part.slice(0, split)
    const body = decodePart(headers, part.slice(split).trim())
    if (/content-type:\s*text\/html/i.test(headers)) message.html = body
    else if (/content-type:\s*text\/plain/i.test(headers)) message.text = body
  }
  return message
}

export interface SmtpServerOptions {
  /** Where to keep what arrives (a sink restarted on the same port keeps one list) */
  received?: ReceivedMail[]
  /** Milliseconds before accepting each message (a slow receiver: faults land mid-batch) */
  delayMs?: number
  /** Called as each message arrives (the fault bench times the arrivals) */
  onMessage?: (message: ReceivedMail) => void
}

/** A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives */
export async function startSmtpServer(port = 0, options: SmtpServerOptions = {}) {
  const received = options.received ?? []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // no reverse DNS of 127.0.0.1: without a resolver it costs seconds per connection
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)
        const message = parseMessage(Buffer.concat(chunks).toString('utf8'), to)
        received.push(message)
        options.onMessage?.(message)
        if (options.delayMs) setTimeout(() => callback(), options.delayMs)
        else callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address()
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
