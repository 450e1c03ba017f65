/** `{{ variable }}` placeholders of a template */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g

export function placeholdersOf(html: string): string[] {
  return [...new Set([...html.matchAll(PLACEHOLDER)].map((match) => match[1]))]
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/**
 * Substitutes the variables into the template; values are HTML-escaped,
 * unknown placeholders stay visible so reviewers see what is missing.
 */
export function renderTemplate(html: string, values: Record<string, string>): string {
  return html.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name]) : placeholder
  )
}
