import { PDFDocument } from '@cantoo/pdf-lib'
import drive from '@adonisjs/drive/services/main'

/** A real one-page PDF */
export async function pdfBytes(text = 'Contrato social') {
  const pdf = await PDFDocument.create()
  pdf.addPage().drawText(text)
  return Buffer.from(await pdf.save())
}

/** A real 1x1 PNG */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64'
)

/** Removes what a test stored for a contract (the fs disk is tmp/test-storage) */
export async function cleanStorage(contractId: string) {
  await drive.use().deleteAll(`contracts/${contractId}`)
}
