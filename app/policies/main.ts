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
  TeamMemberPolicy: () => import('#policies/team_member_policy'),
  WorkEntryPolicy: () => import('#policies/work_entry_policy'),
  RetroactiveRequestPolicy: () => import('#policies/retroactive_request_policy'),
}
