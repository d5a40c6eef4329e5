import {
  type AccountProfileView,
  ErrorCode,
  ProfilePath as P,
  type ProfileApplyResult,
  Role,
} from '@app/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/harness.js'
import { multipartBody, pngFile } from '../materials/materials.fixtures.js'
import { areaOfProxy, countryOfIp } from './geoip.js'

let ctx: TestContext
let tenant: number
let boss: string
let online: number
let offline: number
const shop = '8613800008001'

async function material(usage: 'nickname' | 'avatar', name: string, content: unknown): Promise<number> {
  const r = await ctx.call('POST', '/damai/customer/material', {
    token: boss,
    body: { ownerType: 1, usage, name, content },
  })
  expect(r.code).toBe(0)
  return (r.data as { id: number }).id
}

async function profiles(ids: number[]): Promise<AccountProfileView[]> {
  const r = await ctx.call('POST', P.list, { token: boss, body: { accountIds: ids } })
  expect(r.code).toBe(0)
  return (r.data as { list: AccountProfileView[] }).list
}

beforeAll(async () => {
  ctx = await createTestContext()
  tenant = await ctx.tenant('acme')
  boss = (await ctx.as(tenant, Role.customerMaster, 'boss')).token
  online = await ctx.linkAccount(tenant, shop)
  offline = await ctx.linkAccount(tenant, '8613800008002')
  await ctx.call('POST', '/damai/customer/wsAccount/logout', { token: boss, body: { ids: [offline] } })
})
afterAll(() => ctx.close())

describe('nickname and avatar materials applied to accounts', () => {
  it('renames an account on WhatsApp and the accounts page shows the name; an offline one is reported', async () => {
    const nick = await material('nickname', 'Shop name', { type: 'text', text: 'Mia Fashion' })
    const r = await ctx.call('POST', P.apply, {
      token: boss,
      body: { accountIds: [online, offline], nicknameMaterialId: nick },
      headers: { language: 'en' },
    })
    expect(r.code).toBe(0)
    const results = (r.data as { results: ProfileApplyResult[] }).results
    expect(results).toEqual([
      { accountId: online, phone: shop, code: 0, msg: '' },
      {
        accountId: offline,
        phone: '8613800008002',
        code: ErrorCode.profileAccountOffline,
        msg: 'The account is not online; its profile cannot be changed',
      },
    ])
    expect(ctx.sim.network.world.phone(shop)?.name).toBe('Mia Fashion')
    const [mine] = await profiles([online])
    expect(mine).toMatchObject({ accountId: online, name: 'Mia Fashion', hasPicture: false })
  })

  it('sets the avatar picture and serves it back', async () => {
    const image = pngFile(320, 320)
    const form = multipartBody({ type: 'image', usage: 'avatar' }, [{ name: 'face.png', data: image }])
    const up = await ctx.call('POST', '/damai/customer/material/upload', {
      token: boss,
      body: form.body,
      headers: { 'content-type': form.contentType },
    })
    const mediaId = (up.data as { mediaId: number }).mediaId
    const avatar = await material('avatar', 'Face', { type: 'image', mediaId })
    const r = await ctx.call('POST', P.apply, {
      token: boss,
      body: { accountIds: [online], avatarMaterialId: avatar },
    })
    expect((r.data as { results: ProfileApplyResult[] }).results).toMatchObject([{ code: 0 }])
    expect(ctx.sim.network.world.phone(shop)?.picture?.equals(image)).toBe(true)
    expect((await profiles([online]))[0]?.hasPicture).toBe(true)
    const pic = await ctx.app.inject({
      method: 'GET',
      url: P.picture,
      query: { accountId: String(online) },
      headers: { authorization: `Bearer ${boss}` },
    })
    expect(pic.statusCode).toBe(200)
    expect(pic.headers['content-type']).toBe('image/png')
    expect(pic.rawPayload.equals(image)).toBe(true)
  })

  it('refuses a material of the wrong kind, and nothing chosen', async () => {
    const text = await material('nickname', 'Other', { type: 'text', text: 'Other' })
    const r = await ctx.call('POST', P.apply, {
      token: boss,
      body: { accountIds: [online], avatarMaterialId: text },
    })
    expect(r.code).toBe(ErrorCode.profileMaterialUnusable)
    const none = await ctx.call('POST', P.apply, { token: boss, body: { accountIds: [online] } })
    expect(none.code).toBe(ErrorCode.profileNothingToApply)
  })

  it("keeps another tenant's accounts out", async () => {
    const other = await ctx.tenant('rival')
    const rival = (await ctx.as(other, Role.customerMaster, 'rival-boss')).token
    const nick = await material('nickname', 'Mine', { type: 'text', text: 'Mine' })
    expect(
      (
        await ctx.call('POST', P.apply, {
          token: rival,
          body: { accountIds: [online], nicknameMaterialId: nick },
        })
      ).code,
    ).toBe(404)
    const listed = await ctx.call('POST', P.list, { token: rival, body: { accountIds: [online] } })
    expect(listed.data).toEqual({ list: [] })
    const pic = await ctx.call('GET', P.picture, { token: rival, query: { accountId: String(online) } })
    expect(pic.code).toBe(404)
  })
})

describe('the IP area of a proxy', () => {
  it('looks addresses up in the offline database', () => {
    expect(countryOfIp('8.8.8.8')).toBe('US')
    expect(countryOfIp('1.0.16.1')).toBe('JP')
    expect(countryOfIp('10.0.0.1')).toBeNull()
    expect(countryOfIp('not an ip')).toBeNull()
  })

  it('resolves the area of a proxy, and none without one', async () => {
    expect(await areaOfProxy('8.8.8.8:1080:user:pass')).toBe('US')
    expect(await areaOfProxy(null)).toBeNull()
    expect(await areaOfProxy('garbage')).toBeNull()
  })

  it("shows the area on the accounts page, and refreshes it when the account's proxy changes", async () => {
    const set = (proxy: string) =>
      ctx.call('PUT', '/damai/customer/wsAccount/proxy', { token: boss, body: { ids: [online], proxy } })
    expect((await set('8.8.8.8:1080:u:p')).code).toBe(0)
    expect((await profiles([online]))[0]?.ipArea).toBe('US')
    expect((await set('1.0.16.1:1080:u:p')).code).toBe(0)
    expect((await profiles([online]))[0]?.ipArea).toBe('JP')
    expect((await set('')).code).toBe(0)
    expect((await profiles([online]))[0]?.ipArea).toBeNull()
  })
})
