import { convert } from 'html-to-text'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char])

/** Tags a custom message may carry (I5: `<p>`, `<strong>`, `<br>` and close kin) */
const ALLOWED_TAGS = ['p', 'strong', 'b', 'em', 'i', 'br', 'ul', 'ol', 'li']
const ALLOWED_TAG = new RegExp(`&lt;(/?)(${ALLOWED_TAGS.join('|')})\\s*/?&gt;`, 'gi')

/**
 * User-written rich text made safe for an e-mail body: everything is
 * escaped, then only bare allowed tags (no attributes) are restored.
 */
export function sanitizeRichText(html: string) {
  return escapeHtml(html).replace(ALLOWED_TAG, (_match, slash: string, tag: string) => {
    return `<${slash}${tag.toLowerCase()}>`
  })
}

/** Plain text of an HTML fragment (messenger, in-app message, text part) */
export function htmlToPlainText(html: string) {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim()
}

/** First non-empty line of a text, or undefined */
export function firstLine(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0)
}
