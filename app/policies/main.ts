/*
|--------------------------------------------------------------------------
| Bouncer policies
|--------------------------------------------------------------------------
|
| One policy per resource, lazily imported. `node ace make:policy` adds
| entries here.
|
*/
export const policies = {
  CompanyPolicy: () => import('#policies/company_policy'),
  NotificationPolicy: () => import('#policies/notification_policy'),
}
