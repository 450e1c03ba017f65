/**
 * The local mail sink of scripts/smoke-production.sh: accepts every message
 * on 127.0.0.1:<port> and appends one JSON line per message (to, subject,
 * message id) to <file>. Runs from the source tree (smtp-server is a
 * development dependency, absent from the production build).
 * Usage: node scripts/smoke/smtp_sink.mjs <port> <file>
 */
import { appendFileSync } from 'node:fs'
import { SMTPServer } from 'smtp-server'

const [port, file] = process.argv.slice(2)

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  onData(stream, session, callback) {
    let raw = ''
    stream.on('data', (chunk) => (raw += chunk.toString()))
    stream.on('end', () => {
      const header = (name) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? null
      const line = {
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        subject: header('Subject'),
        messageId: header('Message-ID'),
        /** Links to our file route (quoted-printable undone; the text part wraps them in [ ]) */
        fileLinks: [
          ...new Set(
            raw
              .replace(/=\r?\n/g, '')
              .replace(/=3D/gi, '=')
              .match(/https?:\/\/[^\s"'<>[\]()]+\/api\/v1\/files\/[^\s"'<>[\]()]+/g) ?? []
          ),
        ].map((link) => link.replaceAll('&amp;', '&')),
      }
      appendFileSync(file, JSON.stringify(line) + '\n')
      callback()
    })
  },
})
server.listen(Number(port), '127.0.0.1', () => console.log('ready'))
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
