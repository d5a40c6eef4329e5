import { Role, type RoleId } from '@app/core'
import type { Db } from '../../db/index.js'
import { openSystemScope } from '../../db/system-scope.js'
import type { SimNetwork } from '../../gateway/simulator/network.js'
import { hashPassword } from '../auth/index.js'
import { PortsLedger } from '../ports/index.js'
import { startUpTenants, startUpUsers } from '../users/index.js'
import { PLATFORM_ACCOUNT } from './bootstrap.js'

/** Demo seed. */
const system = openSystemScope('modules/system/demo-seed')

export const DEMO_TENANT_ACCOUNT = 'demo'
const DAY = 86_400_000

export interface DemoSignIn {
  role: string
  screen: '/login' | '/adminLogin'
  enterprise: string
  username: string
  password: string
}

/** The demo's people. Their passwords are public by design: this data exists only in demo mode. */
export const DEMO_USERS: (DemoSignIn & { roleId: RoleId; nickname: string })[] = [
  {
    role: 'admin',
    roleId: Role.admin,
    screen: '/adminLogin',
    enterprise: PLATFORM_ACCOUNT,
    username: 'admin',
    password: 'Admin123',
    nickname: 'Administrator',
  },
  {
    role: 'operations',
    roleId: Role.operations,
    screen: '/adminLogin',
    enterprise: PLATFORM_ACCOUNT,
    username: 'operations',
    password: 'Oper2468',
    nickname: 'Olivia (operations)',
  },
  {
    role: 'business',
    roleId: Role.business,
    screen: '/adminLogin',
    enterprise: PLATFORM_ACCOUNT,
    username: 'business',
    password: 'Busi2468',
    nickname: 'Ben (business)',
  },
  {
    role: 'customerMaster',
    roleId: Role.customerMaster,
    screen: '/login',
    enterprise: DEMO_TENANT_ACCOUNT,
    username: 'master',
    password: 'Master123',
    nickname: 'Mia (supervisor)',
  },
  {
    role: 'customerUser',
    roleId: Role.customerUser,
    screen: '/login',
    enterprise: DEMO_TENANT_ACCOUNT,
    username: 'agent1',
    password: 'Agent2468',
    nickname: 'Alice',
  },
  {
    role: 'customerUser',
    roleId: Role.customerUser,
    screen: '/login',
    enterprise: DEMO_TENANT_ACCOUNT,
    username: 'agent2',
    password: 'Agent2468',
    nickname: 'Bob',
  },
  {
    role: 'customerUserLeader',
    roleId: Role.customerUserLeader,
    screen: '/login',
    enterprise: DEMO_TENANT_ACCOUNT,
    username: 'leader',
    password: 'Leader123',
    nickname: 'Lena (team lead)',
  },
]

async function ensureTenant(db: Db, account: string, name: string, isPlatform: boolean): Promise<number> {
  const tenants = startUpTenants(db)
  return (await tenants.systemIdByAccount(system, account)) ?? tenants.insert({ name, account, isPlatform })
}

/** Seed the demo, idempotently: existing rows are left as they are. Returns the sign-ins to print. */
export async function seedDemo(db: Db): Promise<DemoSignIn[]> {
  const platformId = await ensureTenant(db, PLATFORM_ACCOUNT, 'Platform', true)
  const demoId = await ensureTenant(db, DEMO_TENANT_ACCOUNT, 'Demo Trading Co.', false)
  const now = Date.now()
  const users = startUpUsers(db)
  let operationsId: number | null = null
  for (const u of DEMO_USERS) {
    const tenantId = u.enterprise === PLATFORM_ACCOUNT ? platformId : demoId
    let id = await users.idByName(tenantId, u.username)
    if (!id) {
      const isMaster = u.roleId === Role.customerMaster
      id = await users.insert({
        tenant_id: tenantId,
        username: u.username,
        password_hash: await hashPassword(u.password),
        nickname: u.nickname,
        avatar: '',
        role_id: u.roleId,
        status: 0,
        valid_start_date: isMaster ? now : null,
        valid_end_date: isMaster ? now + 365 * DAY : null,
        target_language: 'zh-CN',
        parent_user_id: u.roleId === Role.business ? operationsId : null,
        created_at: now,
        updated_at: now,
      })
    }
    if (u.roleId === Role.operations) operationsId = id
  }
  await seedDemoPorts(db, demoId)
  return DEMO_USERS.map(({ role, screen, enterprise, username, password }) => ({
    role,
    screen,
    enterprise,
    username,
    password,
  }))
}

/** Demo: ten ports for the demo tenant, valid one year, unless it has ports already. */
async function seedDemoPorts(db: Db, tenantId: number): Promise<void> {
  const ports = new PortsLedger(db)
  if (await ports.hasAny(tenantId)) return
  const now = Date.now()
  await ports.add(tenantId, 10, now + 365 * DAY, now)
}

/** The demo's named customers on the simulated network: phone → name. */
export const DEMO_CUSTOMERS: Readonly<Record<string, string>> = {
  '8613911110001': '王小明',
  '8613911110002': 'Li Na',
  '447700900123': 'Oliver Smith',
  '5511988887777': 'Ana Souza',
  '6281234567890': 'Budi Santoso',
}

/** Demo customers on the simulated network, and a gentle stream of them writing in to linked accounts. */
export function seedDemoNetwork(network: SimNetwork): void {
  for (const [number, name] of Object.entries(DEMO_CUSTOMERS)) network.addPhone(number, { name })
  // WhatsApp's hidden ids: one customer shows up with the phone left out ("number hidden" until
  // its phone is revealed on /sim), one with the phone alongside; the chatter's customers too
  network.setAddressing('5511988887777', 'lid-hidden')
  network.setAddressing('6281234567890', 'lid')
  network.chatter.start({ ratePerMinute: 2, customers: 30, hiddenIds: true })
}
