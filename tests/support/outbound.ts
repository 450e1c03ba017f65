import { createServer as createNetServer, type AddressInfo } from 'node:net'
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http'
import emitter from '@adonisjs/core/services/emitter'
import mail from '@adonisjs/mail/services/main'
import { Mailer } from '@adonisjs/mail'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'

/** The SMTP sink has a module of its own: the fault bench uses it outside the app */
export {
  startSmtpServer,
  type ReceivedMail,
  type SmtpServerOptions,
} from '#tests/support/smtp_sink'

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
