import { accountEndpoints as api, normalizeLanguage } from '@app/core'
import type { FastifyInstance } from 'fastify'
import { callerOf } from '../../http/caller.js'
import { route } from '../../http/contract.js'
import { ok } from '../../http/envelope.js'
import type { AccountLoginService } from './accounts.login.js'
import type { AccountsService } from './accounts.service.js'

export function accountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  login: AccountLoginService,
): void {
  route(app, api.page, async (req) => {
    const { pageNo, pageSize, ...filter } = req.body
    return ok(await accounts.page(callerOf(req).tenantId, filter, pageNo, pageSize))
  })
  route(app, api.loginQr, async (req) => {
    const a = callerOf(req)
    return ok(await login.loginQr(a.tenantId, a.userId, req.body.accountId))
  })
  route(app, api.loginCode, async (req) => {
    const a = callerOf(req)
    return ok(await login.loginCode(a.tenantId, a.userId, req.body.phone, req.body.proxy))
  })
  route(app, api.loginStatus, async (req) =>
    ok(await login.loginStatus(callerOf(req).tenantId, req.query.accountId)),
  )
  route(app, api.relogin, async (req) =>
    ok({ results: await login.relogin(callerOf(req).tenantId, req.body.ids) }),
  )
  route(app, api.logout, async (req) => {
    await login.logout(callerOf(req).tenantId, req.body.ids)
    return ok(null)
  })
  route(app, api.remove, async (req) => {
    await login.remove(callerOf(req).tenantId, req.query.ids)
    return ok(null)
  })
  route(app, api.remark, async (req) => {
    await accounts.setRemark(callerOf(req).tenantId, req.body.ids, req.body.remark)
    return ok(null)
  })
  route(app, api.group, async (req) => {
    await accounts.setGroup(callerOf(req).tenantId, req.body.ids, req.body.groupId)
    return ok(null)
  })
  route(app, api.proxy, async (req) => {
    await accounts.setProxy(callerOf(req).tenantId, req.body.ids, req.body.proxy)
    return ok(null)
  })
  route(app, api.import, async (req) =>
    ok(
      await accounts.import(callerOf(req).tenantId, req.body.lines, normalizeLanguage(req.headers.language)),
    ),
  )
}
