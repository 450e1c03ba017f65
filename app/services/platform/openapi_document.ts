import { readdir, readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { parse } from 'yaml'

type Json = Record<string, any>

let cached: Promise<Json> | undefined

async function loadYaml(path: string): Promise<Json> {
  const text = await readFile(path, 'utf8')
  return parse(text) ?? {}
}

/**
 * The OpenAPI 3.1 document: docs/openapi/openapi.yaml plus the paths and
 * components of every docs/openapi/paths/<area>.yaml, merged. Each area
 * owns its file; a duplicate path or schema name is an error.
 */
async function build(): Promise<Json> {
  const root = app.makePath('docs/openapi')
  const document = await loadYaml(`${root}/openapi.yaml`)
  document.paths ??= {}
  document.components ??= {}

  const fileNames = await readdir(`${root}/paths`)
  const files = fileNames.filter((file) => file.endsWith('.yaml')).sort()
  for (const file of files) {
    const fragment = await loadYaml(`${root}/paths/${file}`)
    for (const [path, item] of Object.entries(fragment.paths ?? {})) {
      if (document.paths[path]) throw new Error(`OpenAPI: path ${path} is defined twice (${file})`)
      document.paths[path] = item
    }
    for (const [section, entries] of Object.entries<Json>(fragment.components ?? {})) {
      document.components[section] ??= {}
      for (const [name, value] of Object.entries(entries)) {
        if (document.components[section][name]) {
          throw new Error(`OpenAPI: components.${section}.${name} is defined twice (${file})`)
        }
        document.components[section][name] = value
      }
    }
  }
  return document
}

export function openApiDocument(): Promise<Json> {
  if (!cached || !app.inProduction) cached = build()
  return cached
}
