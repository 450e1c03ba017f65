import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from '@cantoo/pdf-lib'
import { convert } from 'html-to-text'
import type { ReviewItem } from '#dtos/contract_review_dto'
import { i18nFor } from '#support/i18n'

export interface CertificateSigner {
  name: string
  email: string
  group: string
  signedAt: string
  ipAddress: string | null
  userAgent: string | null
  documentHash: string | null
}

const MARGIN = 50
const SIZE = 10
const LINE = 14

/** Standard fonts speak WinAnsi: keep Latin-1, replace the rest */
const printable = (text: string) => text.replace(/[^\n\u0020-\u007e\u00a0-\u00ff]/g, '?')

/**
 * The signed PDF: the contract text (every generated contract) followed
 * by a signature certificate page (signers, time, IP, user agent, hash).
 */
export default class ContractPdfService {
  async render(input: {
    contractId: string
    contractName: string
    items: ReviewItem[]
    documentHash: string
    signers: CertificateSigner[]
  }) {
    const i18n = i18nFor(null)
    const pdf = await PDFDocument.create()
    pdf.setTitle(printable(input.contractName))
    const font = await pdf.embedFont(StandardFonts.Helvetica)
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
    const writer = new PageWriter(pdf, font)

    for (const item of input.items) {
      writer.heading(item.groupName, bold)
      writer.paragraph(convert(item.htmlContent, { wordwrap: false }))
      writer.gap()
    }

    writer.newPage()
    /* One document for every party: the certificate speaks the default language */
    const t = (key: string, data: Record<string, unknown>) =>
      i18n.formatMessage(`pdf.certificate.${key}`, data)
    writer.heading(t('heading', {}), bold)
    writer.paragraph(
      [t('contract', { name: input.contractName }), t('id', { id: input.contractId })].join('\n')
    )
    writer.paragraph(t('document_hash', { hash: input.documentHash }))
    writer.gap()
    for (const signer of input.signers) {
      writer.paragraph(
        [
          `${signer.name} <${signer.email}> (${signer.group})`,
          t('signed_at', { at: signer.signedAt }),
          t('ip', { ip: signer.ipAddress ?? '-' }),
          t('browser', { agent: signer.userAgent ?? '-' }),
          t('hash', { hash: signer.documentHash ?? '-' }),
        ].join('\n')
      )
      writer.gap()
    }
    return pdf.save()
  }
}

class PageWriter {
  #page!: PDFPage
  #y = 0

  constructor(
    protected pdf: PDFDocument,
    protected font: PDFFont
  ) {
    this.newPage()
  }

  newPage() {
    this.#page = this.pdf.addPage()
    this.#y = this.#page.getHeight() - MARGIN
  }

  heading(text: string, font: PDFFont) {
    this.#line(printable(text), font, SIZE + 4)
    this.gap()
  }

  paragraph(text: string) {
    for (const raw of printable(text).split('\n')) {
      for (const line of this.#wrap(raw)) this.#line(line, this.font, SIZE)
    }
  }

  gap() {
    this.#y -= LINE / 2
  }

  #line(text: string, font: PDFFont, size: number) {
    if (this.#y < MARGIN) this.newPage()
    this.#page.drawText(text, { x: MARGIN, y: this.#y, size, font })
    this.#y -= LINE
  }

  #wrap(text: string) {
    const width = this.#page.getWidth() - MARGIN * 2
    const lines: string[] = []
    let current = ''
    for (const word of text.split(/\s+/)) {
      const candidate = current ? `${current} ${word}` : word
      if (this.font.widthOfTextAtSize(candidate, SIZE) > width && current) {
        lines.push(current)
        current = word
      } else {
        current = candidate
      }
    }
    lines.push(current)
    return lines
  }
}
