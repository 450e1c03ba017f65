/*
|--------------------------------------------------------------------------
| Audit log
|--------------------------------------------------------------------------
|
| Every transaction opened by an authenticated API write names its actor to
| the audit triggers (app/services/platform/audit_context.ts). Installed at
| boot, before any transaction (the tests' global one included) begins.
|
*/
import { installAuditHook } from '#services/platform/audit_context'

installAuditHook()
