import { ErrorCode, PlatformPath as P, Role } from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { makeStaff, makeTenant, okData, type Staff, tokenOf } from '../../test/platform.js'

let ctx: TestContext
let s: Staff

interface Row {
  id: number
  username: string
  roleId: number
  parentId: number | null
  salespersonCount: number
  tenantCount: number
  can: { delete: boolean }
}

beforeAll(async () => {
  ctx = await createTestContext({}, { simRoutes: false })
  s = await makeStaff(ctx)
})
afterAll(() => ctx.close())

const query = (token: string, body: Record<string, unknown>) =>
  ctx.call('POST', P.userQuery, { token, body: { pageSize: 100, ...body } })

describe('platform staff: who may reach the user routes', () => {
  it('answers 401 without a token, 403 to tenant roles, 400 to malformed bodies', async () => {
    const t = await ctx.tenant('tenantco')
    const boss = await ctx.as(t, Role.customerMaster, 'tboss')
    expect((await ctx.call('POST', P.userQuery, { body: { roleId: 2 } })).code).toBe(401)
    expect((await ctx.call('POST', P.userQuery, { token: boss.token, body: { roleId: 2 } })).code).toBe(403)
    expect((await query(s.admin, { roleId: 7 })).code).toBe(400)
    expect((await ctx.call('POST', P.userCreate, { token: s.admin, body: { roleId: 2 } })).code).toBe(400)
    expect(
      (
        await ctx.call('POST', P.userCreate, {
          token: s.admin,
          body: { roleId: 2, username: 'a b', password: 'Good2468' },
        })
      ).code,
    ).toBe(400)
  })

  it('refuses a weak password with its rule, and a taken name', async () => {
    const weak = await ctx.call('POST', P.userCreate, {
      token: s.admin,
      body: { roleId: 2, username: 'same9999', password: 'same9999' },
      headers: { language: 'en' },
    })
    expect(weak).toMatchObject({
      code: ErrorCode.passwordWeak,
      msg: 'The password must not equal the account name',
    })
    const taken = await ctx.call('POST', P.userCreate, {
      token: s.admin,
      body: { roleId: 2, username: 'admin', password: 'Good2468' },
    })
    expect(taken.code).toBe(ErrorCode.usernameTaken)
  })
})

describe('visibility: admin sees all, operations theirs and their salespeople, business nothing of staff', () => {
  it('admin lists every operations user and every salesperson', async () => {
    const ops = await okData<{ list: Row[] }>(query(s.admin, { roleId: Role.operations }))
    expect(ops.list.map((r) => r.id)).toEqual(expect.arrayContaining([s.ops.id, s.ops2.id]))
    expect(ops.list.find((r) => r.id === s.ops.id)?.salespersonCount).toBe(1)
    const biz = await okData<{ list: Row[] }>(query(s.admin, { roleId: Role.business }))
    expect(biz.list.map((r) => r.id)).toEqual(expect.arrayContaining([s.biz.id, s.biz2.id]))
    expect(biz.list.find((r) => r.id === s.biz.id)?.parentId).toBe(s.ops.id)
  })

  it('operations lists only their own salespeople, and only themselves among operations users', async () => {
    const biz = await okData<{ list: Row[] }>(query(s.ops.token, { roleId: Role.business }))
    expect(biz.list.map((r) => r.id)).toEqual([s.biz.id])
    const ops = await okData<{ list: Row[] }>(query(s.ops.token, { roleId: Role.operations }))
    expect(ops.list.map((r) => r.id)).toEqual([s.ops.id])
  })

  it('business cannot list staff', async () => {
    expect((await query(s.biz.token, { roleId: Role.business })).code).toBe(403)
    expect((await query(s.biz.token, { roleId: Role.operations })).code).toBe(403)
  })

  it('only the admin creates operations users; business creates no staff', async () => {
    const body = { roleId: Role.operations, username: 'opsbyops', password: 'Good2468' }
    expect((await ctx.call('POST', P.userCreate, { token: s.ops.token, body })).code).toBe(403)
    expect(
      (await ctx.call('POST', P.userCreate, { token: s.biz.token, body: { ...body, roleId: Role.business } }))
        .code,
    ).toBe(403)
  })

  it("operations cannot touch another operations user's salesperson: not found", async () => {
    for (const [method, url, body, q] of [
      ['PUT', P.userUpdateStatus, { id: s.biz2.id, status: 1 }, undefined],
      ['PUT', P.userUpdateDetails, { id: s.biz2.id, nickname: 'x' }, undefined],
      ['PUT', P.userUpdatePassword, { userId: s.biz2.id, password: 'Other2468' }, undefined],
      ['DELETE', P.userDelete, undefined, { id: String(s.biz2.id) }],
    ] as const) {
      const r = await ctx.call(method, url, { token: s.ops.token, body, query: q })
      expect(r.code, `${method} ${url}`).toBe(ErrorCode.notFound)
    }
  })
})

describe('managing staff', () => {
  it('admin files a salesperson under an operations user and can move them; nickname edits', async () => {
    const { id } = await okData<{ id: number }>(
      ctx.call('POST', P.userCreate, {
        token: s.admin,
        body: { roleId: Role.business, username: 'movable', password: 'Move2468', parentId: s.ops.id },
      }),
    )
    expect(
      (
        await ctx.call('PUT', P.userUpdateDetails, {
          token: s.admin,
          body: { id, parentId: s.ops2.id, nickname: 'Mo' },
        })
      ).code,
    ).toBe(0)
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ parent_user_id: s.ops2.id, nickname: 'Mo' })
    // a parent that is not an operations user is refused
    const bad = await ctx.call('POST', P.userCreate, {
      token: s.admin,
      body: { roleId: Role.business, username: 'orphan', password: 'Move2468', parentId: s.biz.id },
    })
    expect(bad.code).toBe(ErrorCode.sellerInvalid)
  })

  it('disabling signs the user out; enabling lets them back; no one disables themselves', async () => {
    const token = await tokenOf(ctx, s.biz.id)
    expect(
      (await ctx.call('PUT', P.userUpdateStatus, { token: s.ops.token, body: { id: s.biz.id, status: 1 } }))
        .code,
    ).toBe(0)
    expect((await query(token, { roleId: Role.customerMaster })).code).toBe(401)
    expect(
      (await ctx.call('PUT', P.userUpdateStatus, { token: s.ops.token, body: { id: s.biz.id, status: 0 } }))
        .code,
    ).toBe(0)
    expect((await query(await tokenOf(ctx, s.biz.id), { roleId: Role.customerMaster })).code).toBe(0)
    const self = await ctx.call('PUT', P.userUpdateStatus, {
      token: s.ops.token,
      body: { id: s.ops.id, status: 1 },
    })
    expect(self.code).toBe(ErrorCode.cannotChangeSelf)
    const adminSelf = await ctx.call('DELETE', P.userDelete, { token: s.admin, query: { id: '1' } })
    expect(adminSelf.code).toBe(ErrorCode.cannotChangeSelf)
  })

  it('a password reset signs the user out and the new password signs in', async () => {
    const { id } = await okData<{ id: number }>(
      ctx.call('POST', P.userCreate, {
        token: s.ops.token,
        body: { roleId: Role.business, username: 'resetme', password: 'Old24680' },
      }),
    )
    const before = await tokenOf(ctx, id)
    expect(
      (
        await ctx.call('PUT', P.userUpdatePassword, {
          token: s.ops.token,
          body: { userId: id, password: 'resetme' },
        })
      ).code,
    ).toBe(ErrorCode.passwordWeak)
    expect(
      (
        await ctx.call('PUT', P.userUpdatePassword, {
          token: s.ops.token,
          body: { userId: id, password: 'New24680' },
        })
      ).code,
    ).toBe(0)
    expect((await query(before, { roleId: Role.customerMaster })).code).toBe(401)
  })

  it('delete is refused while the user sells tenants or has salespeople, then frees the name', async () => {
    const { id: lonely } = await okData<{ id: number }>(
      ctx.call('POST', P.userCreate, {
        token: s.admin,
        body: { roleId: Role.operations, username: 'lonely', password: 'Lone2468' },
      }),
    )
    const lonelyToken = await tokenOf(ctx, lonely)
    const { id: seller } = await okData<{ id: number }>(
      ctx.call('POST', P.userCreate, {
        token: lonelyToken,
        body: { roleId: Role.business, username: 'seller1', password: 'Sell2468' },
      }),
    )
    await makeTenant(ctx, await tokenOf(ctx, seller))
    const r1 = await ctx.call('DELETE', P.userDelete, {
      token: s.admin,
      query: { id: String(lonely) },
      headers: { language: 'en' },
    })
    expect(r1).toMatchObject({
      code: ErrorCode.userHasSalespeople,
      msg: 'This operations user still has salespeople and cannot be deleted',
    })
    const r2 = await ctx.call('DELETE', P.userDelete, { token: lonelyToken, query: { id: String(seller) } })
    expect(r2.code).toBe(ErrorCode.userHasTenants)

    const { id: idle } = await okData<{ id: number }>(
      ctx.call('POST', P.userCreate, {
        token: lonelyToken,
        body: { roleId: Role.business, username: 'idle1', password: 'Idle2468' },
      }),
    )
    expect(
      (await ctx.call('DELETE', P.userDelete, { token: lonelyToken, query: { id: String(idle) } })).code,
    ).toBe(0)
    const list = await okData<{ list: Row[] }>(query(lonelyToken, { roleId: Role.business }))
    expect(list.list.map((r) => r.id)).toEqual([seller])
    // the name can be given again
    expect(
      (
        await ctx.call('POST', P.userCreate, {
          token: lonelyToken,
          body: { roleId: Role.business, username: 'idle1', password: 'Idle2468' },
        })
      ).code,
    ).toBe(0)
  })

  it('seller options: admin every staff member, operations their team, business themselves', async () => {
    const ids = async (token: string) =>
      (await okData<{ id: number }[]>(ctx.call('GET', P.sellerOptions, { token }))).map((o) => o.id)
    expect(await ids(s.admin)).toEqual(expect.arrayContaining([s.ops.id, s.biz.id, s.ops2.id, s.biz2.id]))
    const team = await ids(s.ops.token)
    expect(team).toEqual(expect.arrayContaining([s.ops.id, s.biz.id]))
    expect(team).not.toContain(s.ops2.id)
    expect(team).not.toContain(s.biz2.id)
    expect(await ids(await tokenOf(ctx, s.biz.id))).toEqual([s.biz.id])
  })
})
