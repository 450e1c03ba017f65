import { Edge } from 'edge.js'
import app from '@adonisjs/core/services/app'
import i18nManager from '@adonisjs/i18n/services/main'
import { edgePluginI18n } from '@adonisjs/i18n/plugins/edge'

let views: Edge | undefined

/**
 * The Edge instance that renders the e-mails (`resources/views`), with the
 * i18n plugin's `t()` (it reads the `i18n` each render is given, the
 * recipient's): the API renders no other view, so the framework's Edge
 * provider is not registered. With it, every request built a renderer of
 * its shared instance (the auth middleware shares `auth` with `ctx.view`
 * when there is one), and that instance, created before it is configured,
 * listed the views directory on every renderer: 1-1.7% of the API's CPU in
 * the mixed bench. Created at the first render (the app booted, its
 * environment known), with the template cache on in production.
 */
export default function emailViews() {
  if (!views) {
    views = Edge.create({ cache: app.inProduction })
    views.mount(app.viewsPath())
    views.use(edgePluginI18n(i18nManager))
  }
  return views
}
