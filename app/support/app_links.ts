import env from '#start/env'

/** A link into the web app: APP_URL (with or without a trailing slash) followed by `path` ("/...") */
export function appLink(path: string) {
  return `${env.get('APP_URL').replace(/\/+$/, '')}${path}`
}
