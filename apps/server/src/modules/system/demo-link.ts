import type { Logger } from 'pino'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { MessagingGateway } from '../../gateway/messaging-gateway.js'
import type { AccountLoginService } from '../accounts/index.js'
import { AccountAssignments, AccountDirectory } from '../accounts/index.js'
import { startUpTenants, startUpUsers } from '../users/index.js'
import { DEMO_CUSTOMERS, DEMO_TENANT_ACCOUNT } from './demo-seed.js'

/** Demo seed. */
const system = openSystemScope('modules/system/demo-link')

/** The demo tenant's own numbers, each handed to an agent, linked on the first demo start. */
export const DEMO_NUMBERS = [
  {
    phone: '8613800138000',
    name: 'Demo Shop 1',
    agent: 'agent1',
    business: true,
    // demo customers who have written to the number by the time the demo first opens: the agent's
    // desk has chats at once instead of after the random chatter reaches this number
    openers: [
      { from: '8613911110001', text: '你好，我上周下的订单什么时候发货？' },
      { from: '447700900123', text: 'Hi, do you ship to the UK?' },
    ],
  },
  {
    phone: '8613800138001',
    name: 'Demo Shop 2',
    agent: 'agent2',
    business: false,
    openers: [{ from: '8613911110002', text: 'Hello, is the blue one still in stock?' }],
  },
] as const

const LINK_WAIT_MS = 5_000

/**
 * Links the demo numbers on the simulated network, the way a supervisor would (a QR login,
 * scanned on the simulated phone), and has a few customers write to each, so a fresh demo has
 * chats on the desk at once. Only when the demo tenant has never had an account: later starts
 * resume the links from storage instead.
 */
export async function linkDemoNumbers(deps: {
  db: Db
  login: AccountLoginService
  /** the simulated network, in this process or the shared service's phone side */
  network: {
    addPhone(number: string, init: { name?: string; business?: boolean }): unknown
    scanQr(phone: string, qr: string): unknown
    customerSend(from: string, to: string, content: { kind: 'text'; text: string }): unknown
  }
  gateway: Pick<MessagingGateway, 'getStatus'>
  logger: Logger
  /** lets the network's clock run (tests on a manual clock) */
  settle?: () => Promise<void>
}): Promise<number> {
  const { db, login, network, gateway, logger } = deps
  const tenantId = await startUpTenants(db).systemIdByAccount(system, DEMO_TENANT_ACCOUNT)
  if (tenantId === undefined) return 0
  const tenant = { id: tenantId }
  const accounts = new AccountDirectory(db)
  if (await accounts.hasAny(tenant.id)) return 0
  const assignments = new AccountAssignments(db)
  const users = await startUpUsers(db).names(tenant.id)
  const master = users.find((u) => u.username === 'master')
  if (!master) return 0
  let linked = 0
  for (const n of DEMO_NUMBERS) {
    try {
      await network.addPhone(n.phone, { name: n.name, business: n.business })
      const { accountId } = await login.loginQr(tenant.id, master.id)
      const status = gateway.getStatus(String(accountId))
      if (status?.state !== 'awaiting_qr') throw new Error(`no QR for account ${accountId}`)
      await network.scanQr(n.phone, status.qr)
      await deps.settle?.()
      if (!(await online(accounts, tenant.id, accountId)))
        throw new Error(`account ${accountId} did not come online`)
      const agent = users.find((u) => u.username === n.agent)
      if (agent) await assignments.assign(tenant.id, accountId, agent.id)
      for (const o of n.openers) {
        // a network not seeded with the demo's customers (a test's) does not know them yet
        await network.addPhone(o.from, { name: DEMO_CUSTOMERS[o.from] })
        await network.customerSend(o.from, n.phone, { kind: 'text', text: o.text })
      }
      await deps.settle?.()
      linked++
    } catch (err) {
      logger.warn({ err, phone: n.phone }, 'demo number not linked')
    }
  }
  return linked
}

async function online(accounts: AccountDirectory, tenantId: number, accountId: number): Promise<boolean> {
  const until = Date.now() + LINK_WAIT_MS
  while (Date.now() < until) {
    const row = await accounts.state(tenantId, accountId)
    if (row?.status === 'online') return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return false
}
