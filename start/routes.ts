/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
|
| Every route lives under /api/v1, one file per area in start/routes/.
|
*/
import './routes/system.js'
import './routes/auth.js'
import './routes/companies.js'
import './routes/team.js'
import './routes/hours.js'
import './routes/provider_area.js'
