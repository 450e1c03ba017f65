/**
 * The importer used by the Ignitor: relative paths resolve from the
 * application root, everything else goes through Node's resolution.
 */
export const APP_ROOT = new URL('../', import.meta.url)

export function importer(filePath: string) {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}
