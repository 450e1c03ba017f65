/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
|
| Every route lives under /api/v1, one file per area in start/routes/.
|
*/
import './routes/system.js'
import './routes/operations.js'
import './routes/auth.js'
import './routes/companies.js'
import './routes/app_versions.js'
import './routes/profile.js'
import './routes/onboarding.js'
import './routes/compliance.js'
import './routes/notifications.js'
import './routes/live.js'
import './routes/workflows.js'
import './routes/contracts.js'
import './routes/team.js'
import './routes/hours.js'
import './routes/provider_area.js'
import './routes/files.js'
import './routes/webhooks.js'
import './routes/integrators.js'
