import { crc32, deflateSync } from 'node:zlib'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Company from '#models/company'
import FileStorageService from '#services/files/storage_service'
import { companyLogoKey } from '#services/files/logo_urls'

const SIZE = 64
/** Acme's colours: a dark blue square with a light "A" (two legs and a bar) */
const BACKGROUND = [0x1e, 0x3a, 0x8a]
const INK = [0xf8, 0xfa, 0xfc]

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** Whether pixel (x, y) belongs to the letter */
function isInk(x: number, y: number) {
  const top = 12
  const bottom = 52
  if (y < top || y > bottom) return false
  /** Each leg goes from the apex (32, top) down to x = 14 / 50 at the bottom */
  const spread = ((y - top) / (bottom - top)) * 18
  const onLeg = Math.abs(x - (32 - spread)) < 3.5 || Math.abs(x - (32 + spread)) < 3.5
  const onBar = y >= 36 && y <= 40 && x > 32 - spread && x < 32 + spread
  return onLeg || onBar
}

/** A real 64x64 RGB PNG, built here so the demo needs no binary fixture */
export function demoLogoPng() {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(SIZE, 0)
  header.writeUInt32BE(SIZE, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows: number[] = []
  for (let y = 0; y < SIZE; y++) {
    rows.push(0)
    for (let x = 0; x < SIZE; x++) rows.push(...(isInk(x, y) ? INK : BACKGROUND))
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * Acme's logo, stored through Drive like an upload (POST /company/:id/logo)
 * so the demo shows signed logo URLs in GET /company, the team and the
 * clients lists. Once: a company that has a logo keeps it.
 */
export async function seedLogo(acme: Company, trx: TransactionClientContract) {
  if (acme.logo) return
  const stored = await new FileStorageService().put(
    companyLogoKey(acme.id, 'png'),
    demoLogoPng(),
    'image/png'
  )
  acme.useTransaction(trx)
  await acme.merge({ logo: stored.path }).save()
}
