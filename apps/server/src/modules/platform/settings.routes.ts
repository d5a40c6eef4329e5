import { settingsEndpoints as api } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { SettingsService } from './settings.service.js'
import type { SystemStatus } from './system-status.js'

/** /configManage, /businessSet and /systemManage/index. */
export function settingsRoutes(app: FastifyInstance, settings: SettingsService, status: SystemStatus): void {
  route(app, api.configGet, async (req) => ok(await settings.configOf(callerOf(req))))
  route(app, api.configUpdate, async (req) => ok(await settings.updateConfig(callerOf(req), req.body)))
  route(app, api.businessSetGet, async (req) => ok(await settings.profileOf(callerOf(req))))
  route(app, api.businessSetUpdate, async (req) => ok(await settings.updateProfile(callerOf(req), req.body)))
  route(app, api.systemSettingGet, async () => ok(await settings.systemSettings()))
  route(app, api.systemSettingUpdate, async (req) =>
    ok(await settings.updateSystemSettings(callerOf(req), req.body)),
  )
  route(app, api.systemStatus, async () => ok(await status.read()))
}
