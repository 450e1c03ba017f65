import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http'
import { SMTPServer } from 'smtp-server'
import emitter from '@adonisjs/core/services/emitter'
import mail from '@adonisjs/mail/services/main'
import { Mailer } from '@adonisjs/mail'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'

export interface ReceivedMail {
  to: string[]
  /** The Message-ID header, as sent (`<id@host>`) */
  messageId: string
  subject: string
  html: string
  text: string
}

/** A port nothing listens on (yet) */
export async function freePort() {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A real mailer (SMTP transport) for 127.0.0.1:port, with the app's `from` */
export function smtpMailer(port: number) {
  const transport = new SMTPTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
  })
  return new Mailer('test-smtp', transport, emitter, mail.config)
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
        received.push(parseMessage(Buffer.concat(chunks).toString('utf8'), to))
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

export interface BotRequest {
  method?: string
  url?: string
  headers: IncomingHttpHeaders
  body: any
}

/** A real HTTP server on 127.0.0.1 standing in for the messenger bot */
export async function startBotServer(status = 200) {
  const requests: BotRequest[] = []
  const server = createHttpServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      requests.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: JSON.parse(text),
      })
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/send`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
