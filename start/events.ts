/*
|--------------------------------------------------------------------------
| Application events
|--------------------------------------------------------------------------
|
| Listeners of domain events. Areas register theirs here.
|
*/
import emitter from '@adonisjs/core/services/emitter'

const SendLoginAlert = () => import('#listeners/send_login_alert')
const RefreshNotificationActor = () => import('#listeners/refresh_notification_actor')

/* Notifications */
emitter.on('auth:login', [SendLoginAlert, 'handle'])
emitter.on('user:profile_updated', [RefreshNotificationActor, 'handle'])
