import {
  Access,
  normalizeLanguage,
  wsAccountDeleteQuery,
  wsAccountGroupAssignBody,
  wsAccountIdsBody,
  wsAccountImportBody,
  wsAccountLoginCodeBody,
  wsAccountLoginQrBody,
  wsAccountPageBody,
  wsAccountProxyBody,
  wsAccountRemarkBody,
} from '@app/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller.js'
import { ok } from '../../http/envelope.js'
import type { AccountLoginService } from './accounts.login.js'
import type { AccountsService } from './accounts.service.js'

const base = '/damai/customer/wsAccount'

export function accountsRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  login: AccountLoginService,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['wsAccount']
  const config = { roles: Access.master }

  r.post(
    `${base}/page`,
    { config, schema: { tags, summary: 'Page through WS accounts', body: wsAccountPageBody } },
    async (req) => {
      const { pageNo, pageSize, ...filter } = req.body
      return ok(await accounts.page(callerOf(req).tenantId, filter, pageNo, pageSize))
    },
  )
  r.post(
    `${base}/loginQr`,
    {
      config,
      schema: { tags, summary: 'Start a QR login; progress over the socket', body: wsAccountLoginQrBody },
    },
    async (req) => {
      const a = callerOf(req)
      return ok(await login.loginQr(a.tenantId, a.userId, req.body.accountId))
    },
  )
  r.post(
    `${base}/loginCode`,
    { config, schema: { tags, summary: 'Start a pairing-code login', body: wsAccountLoginCodeBody } },
    async (req) => {
      const a = callerOf(req)
      return ok(await login.loginCode(a.tenantId, a.userId, req.body.phone, req.body.proxy))
    },
  )
  r.get(
    `${base}/loginStatus`,
    {
      config,
      schema: {
        tags,
        summary: 'Login progress of an account',
        querystring: z.object({ accountId: z.coerce.number().int().positive() }),
      },
    },
    async (req) => ok(await login.loginStatus(callerOf(req).tenantId, req.query.accountId)),
  )
  r.post(
    `${base}/relogin`,
    { config, schema: { tags, summary: 'Reconnect linked accounts', body: wsAccountIdsBody } },
    async (req) => ok({ results: await login.relogin(callerOf(req).tenantId, req.body.ids) }),
  )
  r.post(
    `${base}/logout`,
    { config, schema: { tags, summary: 'Log accounts out', body: wsAccountIdsBody } },
    async (req) => {
      await login.logout(callerOf(req).tenantId, req.body.ids)
      return ok(null)
    },
  )
  r.delete(
    base,
    {
      config,
      schema: { tags, summary: 'Delete accounts (logs them out)', querystring: wsAccountDeleteQuery },
    },
    async (req) => {
      await login.remove(callerOf(req).tenantId, req.query.ids)
      return ok(null)
    },
  )
  r.put(
    `${base}/remark`,
    { config, schema: { tags, summary: 'Set the remark of accounts', body: wsAccountRemarkBody } },
    async (req) => {
      await accounts.setRemark(callerOf(req).tenantId, req.body.ids, req.body.remark)
      return ok(null)
    },
  )
  r.put(
    `${base}/group`,
    {
      config,
      schema: { tags, summary: 'Move accounts to a group (null: none)', body: wsAccountGroupAssignBody },
    },
    async (req) => {
      await accounts.setGroup(callerOf(req).tenantId, req.body.ids, req.body.groupId)
      return ok(null)
    },
  )
  r.put(
    `${base}/proxy`,
    {
      config,
      schema: { tags, summary: 'Set the proxy of accounts (empty clears)', body: wsAccountProxyBody },
    },
    async (req) => {
      await accounts.setProxy(callerOf(req).tenantId, req.body.ids, req.body.proxy)
      return ok(null)
    },
  )
  r.post(
    `${base}/import`,
    {
      config,
      schema: { tags, summary: 'Import accounts, one "phone[,proxy]" per line', body: wsAccountImportBody },
    },
    async (req) =>
      ok(
        await accounts.import(
          callerOf(req).tenantId,
          req.body.lines,
          normalizeLanguage(req.headers.language),
        ),
      ),
  )
}
