import { compile } from 'html-to-text'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char])

/** Tags a custom message may carry (spec I5: `<p>`, `<strong>`, `<br>`), never with attributes */
const ALLOWED_TAGS = new Set(['p', 'strong', 'br'])

/** Elements whose content is code or markup, never prose: dropped whole */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'select',
])

/**
 * One markup token: a comment, a `<!...>` / `<?...>` declaration, or a tag
 * (group 1: `/` when closing, group 2: name). Like a browser, an
 * unterminated tag or quoted attribute runs to the end of the input, so
 * `<img src=x onerror=...` without `>` is markup (dropped), not text.
 */
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*(?:>|$)|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)(?:[^>"']|"[^"]*(?:"|$)|'[^']*(?:'|$))*(?:>|$)/g

/** `&` that does not start a character reference */
const BARE_AMPERSAND = /&(?!(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});)/gi

/** Text between tags: markup characters escaped, character references kept */
const escapeText = (text: string) =>
  text.replace(BARE_AMPERSAND, '&amp;').replace(/[<>"']/g, (char) => ESCAPES[char])

/**
 * User-written rich text (I5 message) made safe for an e-mail body and
 * for storage: an allow-list, not a deny-list. Only bare `<p>`,
 * `<strong>` and `<br>` survive (attributes dropped, unclosed ones closed,
 * stray closers ignored); any other tag is removed and its text kept,
 * except script-like elements, removed with their content; comments and
 * declarations go; text is escaped. Idempotent.
 */
export function sanitizeRichText(html: string) {
  const out: string[] = []
  const open: string[] = []
  const token = new RegExp(TOKEN.source, 'g')
  let cursor = 0
  for (let match = token.exec(html); match; match = token.exec(html)) {
    out.push(escapeText(html.slice(cursor, match.index)))
    cursor = token.lastIndex
    const [, slash, rawName] = match
    if (!rawName) continue
    const name = rawName.toLowerCase()
    if (!slash && DROPPED_WITH_CONTENT.has(name)) {
      const close = new RegExp(`</${name}(?![\\w:-])[^>]*(?:>|$)`, 'gi')
      close.lastIndex = cursor
      cursor = close.exec(html) ? close.lastIndex : html.length
      token.lastIndex = cursor
      continue
    }
    if (!ALLOWED_TAGS.has(name)) continue
    if (name === 'br') {
      if (!slash) out.push('<br>')
    } else if (!slash) {
      open.push(name)
      out.push(`<${name}>`)
    } else if (open.includes(name)) {
      while (open.length) {
        const closed = open.pop()!
        out.push(`</${closed}>`)
        if (closed === name) break
      }
    }
  }
  out.push(escapeText(html.slice(cursor)))
  while (open.length) out.push(`</${open.pop()}>`)
  return out.join('')
}

/** A tag-like sequence in plain text (`<x ...>`, `</x>`, `<!...>`) */
const TAG_LIKE = /<[a-zA-Z/!?][^<>]*>/g

/**
 * Plain text of user-written rich text (I5: in-app message, title). The
 * text decodes the character references the author typed, so `&lt;script&gt;`
 * would come back as `<script>`: tag-like sequences are removed until none
 * is left, so no client that renders the message as HTML can run it.
 */
export function richTextToPlainText(html: string) {
  let text = htmlToPlainText(sanitizeRichText(html))
  for (let previous = ''; previous !== text;) {
    previous = text
    text = text.replace(TAG_LIKE, '')
  }
  return text
}

/**
 * html-to-text with our options, compiled once: `convert()` compiles its
 * options (selector parsing) on every call, most of its cost on a short
 * message
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
  ],
})

/** Plain text of an HTML fragment (messenger, in-app message, text part) */
export function htmlToPlainText(html: string) {
  return toPlainText(html).trim()
}

/** First non-empty line of a text, or undefined */
export function firstLine(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0)
}
