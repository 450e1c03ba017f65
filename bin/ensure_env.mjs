/**
 * Creates .env from .env.example with a fresh APP_KEY when it is missing,
 * so that `npm run dev` works on a fresh clone with no set-up.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'

const target = new URL('../.env', import.meta.url)
if (!existsSync(target)) {
  const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
  const key = randomBytes(32).toString('base64url')
  writeFileSync(target, example.replace(/^APP_KEY=.*$/m, `APP_KEY=${key}`))
  console.log('Created .env from .env.example with a new APP_KEY')
}
