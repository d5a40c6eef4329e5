import {
  Access,
  businessProfileBody,
  operationsConfigBody,
  PlatformPath as P,
  systemSettingsBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { SettingsService } from './settings.service.js'
import type { SystemStatus } from './system-status.js'

const tags = ['platform settings']
/** /configManage is operations'; the admin edits the platform's defaults with the same form. */
const CONFIG = Access.platformLeads
const OPERATIONS = Access.operations
const ADMIN = Access.platformAdmin

/** /configManage, /businessSet and /systemManage/index. */
export function settingsRoutes(app: FastifyInstance, settings: SettingsService, status: SystemStatus): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    P.configGet,
    {
      config: { roles: CONFIG },
      schema: { tags, summary: 'My prices per day, trial quota and reminder days' },
    },
    async (req) => ok(await settings.configOf(callerOf(req))),
  )
  r.put(
    P.configUpdate,
    {
      config: { roles: CONFIG },
      schema: {
        tags,
        summary: 'Set my prices per day (cents), trial quota and reminder days',
        body: operationsConfigBody,
      },
    },
    async (req) => ok(await settings.updateConfig(callerOf(req), req.body)),
  )
  r.get(
    P.businessSetGet,
    { config: { roles: OPERATIONS }, schema: { tags, summary: 'My business-edition profile' } },
    async (req) => ok(await settings.profileOf(callerOf(req))),
  )
  r.put(
    P.businessSetUpdate,
    {
      config: { roles: OPERATIONS },
      schema: { tags, summary: "Set the profile my team's tenants are shown", body: businessProfileBody },
    },
    async (req) => ok(await settings.updateProfile(callerOf(req), req.body)),
  )
  r.get(
    P.systemSettingGet,
    {
      config: { roles: ADMIN },
      schema: { tags, summary: 'Platform settings (the translation key is never shown)' },
    },
    async () => ok(await settings.systemSettings()),
  )
  r.put(
    P.systemSettingUpdate,
    {
      config: { roles: ADMIN },
      schema: { tags, summary: 'Set the platform settings', body: systemSettingsBody },
    },
    async (req) => ok(await settings.updateSystemSettings(callerOf(req), req.body)),
  )
  r.get(
    P.systemStatus,
    {
      config: { roles: ADMIN },
      schema: { tags, summary: 'Version, database, uptime, linked numbers by status, outbox depth' },
    },
    async () => ok(await status.read()),
  )
}
