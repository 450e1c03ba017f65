import router from '@adonisjs/core/services/router'
import { FILE_ROUTE, FILE_ROUTE_PATTERN } from '#services/files/url_builder'

const FilesController = () => import('#controllers/files_controller')

/**
 * Private files of the `fs` disk: public route, authorised by the URL's
 * signature (FileStorageService.signedUrl), not by a session.
 */
router.get(FILE_ROUTE_PATTERN, [FilesController, 'show']).as(FILE_ROUTE)
