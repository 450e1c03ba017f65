import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import { flatten } from '@poppinss/utils'
import i18nManager from '@adonisjs/i18n/services/main'

/**
 * The catalogue (resources/lang/<locale>/*.json) is the only source of the
 * words a client shows (docs/decisions.md, "Errors and language"): both
 * locales carry the same keys, every key the code names exists, and no
 * client-facing message is written as a literal in app/ (an English or a
 * Portuguese sentence where a key belongs).
 */
const ROOT = join(import.meta.dirname, '..', '..')
const LANG = join(ROOT, 'resources', 'lang')
const LOCALES = ['pt-BR', 'en']

function catalogue(locale: string): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const file of readdirSync(join(LANG, locale)).filter((name) => name.endsWith('.json'))) {
    const area = file.replace(/\.json$/, '')
    const content = JSON.parse(readFileSync(join(LANG, locale, file), 'utf8'))
    for (const [key, value] of Object.entries(flatten<Record<string, string>>(content))) {
      messages[`${area}.${key}`] = value
    }
  }
  return messages
}

function sources(dir: string, extension = '.ts'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path, extension)
    return path.endsWith(extension) ? [path] : []
  })
}

const KEY = /^(errors|messages|mail|notice|pdf|validator)\.[\w.]+$/

/**
 * Where a client-facing message is written: the first argument of a domain
 * exception, a `message`/`subject`/`title` property or default, and a
 * sentence alone on its line (an argument of a multi-line call such as
 * `firstOrNotFound(query, '...')`). Each must be a catalogue key.
 */
const MESSAGE_SITES = [
  /new [A-Z]\w*Exception\(\s*(['"`])((?:(?!\1).)*)\1/g,
  /\b(?:message|subject|title)\s*[:=]\s*(['"`])((?:(?!\1).)*)\1/g,
  /^\s*(['"`])([A-Z][^'"`]*\s[^'"`]*)\1,?\s*$/gm,
]

/** Lines that carry no client-facing message: comments, logs */
const NOT_MESSAGES = [
  /^\s*(\/\/|\*|\/\*)/, // comments
  /logger\.\w+\(|\.log\(|\.logger\./, // log lines are for operators
]

/** Literals that are not messages: SQL, and VineJS's own defaults (validator.json overrides them) */
const NOT_TEXT = [
  /^\s*(SELECT|UPDATE|INSERT|DELETE|WITH|AND|OR|CASE|FROM|WHERE|JOIN|LEFT JOIN)\b/,
  /\{\{ \w+ \}\}/,
]

/** Every placeholder gets a value: formatting then only fails on bad ICU syntax */
const anyValues = new Proxy({}, { has: () => true, get: () => 'x' })

test.group('i18n catalogue', () => {
  test('both locales have the same keys, and every message is valid ICU', ({ assert }) => {
    const icu = i18nManager.getFormatter()
    const [ptBr, en] = LOCALES.map(catalogue)
    const onlyIn = (a: Record<string, string>, b: Record<string, string>) =>
      Object.keys(a).filter((key) => !(key in b))
    assert.deepEqual(onlyIn(ptBr, en), [], 'keys missing in en')
    assert.deepEqual(onlyIn(en, ptBr), [], 'keys missing in pt-BR')
    for (const [locale, messages] of [
      ['pt-BR', ptBr],
      ['en', en],
    ] as const) {
      for (const [key, message] of Object.entries(messages)) {
        assert.doesNotThrow(() => icu.format(message, locale, anyValues), `${locale} ${key}`)
      }
    }
  })

  test('every key the code names exists; no literal message in app/', ({ assert }) => {
    const known = catalogue('pt-BR')
    const missing: string[] = []
    const literals: string[] = []
    for (const file of [...sources(join(ROOT, 'app')), ...sources(join(ROOT, 'start'))]) {
      const text = readFileSync(file, 'utf8')
      const where = relative(ROOT, file)
      for (const [, , key] of text.matchAll(
        /(['"`])((?:errors|messages|mail|notice|pdf)\.[\w.]+)\1/g
      )) {
        if (!(key in known)) missing.push(`${where}: ${key}`)
      }
      const lines = text.split('\n')
      for (const pattern of MESSAGE_SITES) {
        for (const match of text.matchAll(pattern)) {
          const literal = match[2]
          const line = lines[text.slice(0, match.index).split('\n').length - 1]
          if (!literal || KEY.test(literal) || NOT_MESSAGES.some((skip) => skip.test(line)))
            continue
          if (NOT_TEXT.some((skip) => skip.test(literal))) continue
          if (!/[A-Za-zÀ-ú]{2,}\s+[A-Za-zÀ-ú]/.test(literal)) continue
          literals.push(`${where}: ${literal}`)
        }
      }
    }
    /* The e-mail templates name keys through Edge's t() */
    for (const file of sources(join(ROOT, 'resources', 'views'), '.edge')) {
      const text = readFileSync(file, 'utf8')
      for (const [, , key] of text.matchAll(/(['"`])((?:mail|notice)\.[\w.]+)\1/g)) {
        if (!(key in known)) missing.push(`${relative(ROOT, file)}: ${key}`)
      }
      /* Words outside tags, tags' own syntax and Edge expressions are a literal */
      const words = text
        .replace(/\{\{--[\s\S]*?--\}\}/g, '')
        .replace(/\{\{\{?[\s\S]*?\}?\}\}/g, '')
        .replace(/<[^>]*>/g, '')
        .replace(/^\s*@.*$/gm, '')
        .match(/[A-Za-zÀ-ú]{2,}(?:\s+[A-Za-zÀ-ú]+)*/g)
      if (words) literals.push(...words.map((word) => `${relative(ROOT, file)}: ${word}`))
    }
    assert.deepEqual(missing, [], `keys the catalogue lacks:\n${missing.join('\n')}`)
    assert.deepEqual(
      literals,
      [],
      `literal messages (use a catalogue key):\n${literals.join('\n')}`
    )
  })
})
