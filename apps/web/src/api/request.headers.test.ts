import { DESK_ID_HEADER, Header, Role } from '@app/core'
import Cookies from 'js-cookie'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../i18n'
import { useSession } from '../stores/session'
import { StorageKey } from '../utils/storage'
import { http, noRepeatGuard, setExtraHeaders } from './request'
import { adapter, requestHarness, sentHeaders } from './request.harness'

requestHarness()

describe('headers', () => {
  it('sends Bearer token, tenant id and language when known', async () => {
    Cookies.set(StorageKey.token, 'tok-1')
    Cookies.set(StorageKey.tenantId, '42')
    await i18n.changeLanguage('en')
    await http.get('/damai/x')
    const h = sentHeaders()
    expect(h?.get('Authorization')).toBe('Bearer tok-1')
    expect(h?.get('tenant-id')).toBe('42')
    expect(h?.get('Language')).toBe('en')
  })

  it('sends no Authorization without a token', async () => {
    await http.get('/damai/x')
    expect(sentHeaders()?.has('Authorization')).toBe(false)
    expect(sentHeaders()?.get('Language')).toBe('zh')
  })

  it('uses the 10 s timeout', async () => {
    await http.get('/damai/x')
    expect(adapter.mock.calls[0]?.[0].timeout).toBe(10_000)
  })

  it('adds the headers an open screen provides, by url; a header the call sets wins', async () => {
    useSession.setState({ roles: [Role.customerMaster] })
    setExtraHeaders((url) =>
      url.startsWith('/damai/customer/') ? { 'desk-id': 'd1', 'customer-user-id': '7' } : undefined,
    )
    try {
      await http.post('/damai/customer/session/page', {})
      await http.post('/damai/customer/desk/enter', {}, { headers: { 'customer-user-id': '9' } })
      await http.get('/damai/system/user/profile/get')
    } finally {
      setExtraHeaders(null)
    }
    expect(sentHeaders(0)?.get('desk-id')).toBe('d1')
    expect(sentHeaders(0)?.get('customer-user-id')).toBe('7')
    expect(sentHeaders(1)?.get('customer-user-id')).toBe('9')
    expect(sentHeaders(2)?.has('desk-id')).toBe(false)
    await http.post('/damai/customer/session/counts', {})
    expect(sentHeaders(3)?.has('desk-id')).toBe(false)
  })
})

describe('customer-user-id of a supervisor working the desk as an agent', () => {
  const deskHeaders = () => ({ [DESK_ID_HEADER]: 'desk-of-21', [Header.customerUserId]: '21' })
  /** Sends one call (the duplicate guard off) and answers the two desk headers it carried. */
  async function sent(call: () => Promise<unknown>) {
    const before = adapter.mock.calls.length
    await call()
    const h = sentHeaders(before)
    return { agent: h?.get(Header.customerUserId) ?? null, desk: h?.get(DESK_ID_HEADER) ?? null }
  }
  const get = (url: string, params?: object) => () => http.get(url, params, noRepeatGuard)
  const post = (url: string, data?: object) => () => http.post(url, data, noRepeatGuard)
  const put = (url: string, data?: object) => () => http.put(url, data, noRepeatGuard)

  beforeEach(() => {
    useSession.setState({ roles: [Role.customerMaster] })
    setExtraHeaders(deskHeaders)
  })

  it.each([
    ['customer user: chat history', post('/damai/customer/user/getSessionChatMessages', { sessionId: 1 })],
    ['customer user: send', post('/damai/customer/user/sendChatMessage', { sessionId: 1 })],
    ['customer user: chat media', get('/damai/customer/user/chatMedia/5')],
    ['customer user: desk accounts', get('/damai/customer/user/deskAccounts')],
    ['the desk session list', post('/damai/customer/session/page', {})],
    ['session migrate', put('/damai/customer/session/migrate', { sessionId: 1, userId: 3 })],
    ['enable AI reply', put('/damai/customer/session/flag', { sessionId: 1, flag: 'aiReply', value: true })],
    ['chat group', post('/damai/customer/group/info', { sessionId: 1 })],
    ['auto reply', post('/damai/customer/autoReply/page', {})],
    ['personal material types', get('/damai/customer/material/typeCounts', { ownerType: 2 })],
    ['personal materials', post('/damai/customer/material/page', { ownerType: 2, pageNo: 1 })],
    ['personal material groups', get('/damai/customer/materialGroup/list', { ownerType: 2 })],
    ['a personal material write', post('/damai/customer/material', { ownerType: 2, name: 'x' })],
    ['a personal material group write', post('/damai/customer/materialGroup', { ownerType: 2, name: 'x' })],
    ['a material read by id (its preview)', get('/damai/customer/material/get', { id: 7 })],
    ['the desk mass send list', post('/damai/customer/massSend/page', {})],
  ])('carries the agent acted as on %s', async (_, call) => {
    expect(await sent(call)).toEqual({ agent: '21', desk: 'desk-of-21' })
  })

  it.each([
    ['the session-friend tags query', get('/damai/customer/label/fan', { fanId: 4 })],
    ['labels', get('/damai/customer/label/list')],
    ['customers', post('/damai/customer/fans/page', {})],
    ['public materials', post('/damai/customer/material/page', { ownerType: 1, pageNo: 1 })],
    ['public material types', get('/damai/customer/material/typeCounts', { ownerType: 1 })],
    ['public material groups', get('/damai/customer/materialGroup/list', { ownerType: 1 })],
    ['a public material write', post('/damai/customer/material', { ownerType: 1, name: 'x' })],
    ['tenant display settings', get('/damai/customer/tenantSetting/display')],
  ])('works for the supervisor on %s: neither the agent nor their desk id', async (_, call) => {
    expect(await sent(call)).toEqual({ agent: null, desk: null })
  })

  it('is sent only by a supervisor; an agent keeps the desk id alone', async () => {
    useSession.setState({ roles: [Role.customerUser] })
    expect(await sent(post('/damai/customer/session/page', {}))).toEqual({ agent: null, desk: 'desk-of-21' })
    expect(await sent(get('/damai/customer/label/list'))).toEqual({ agent: null, desk: 'desk-of-21' })
  })

  it('a supervisor at their own desk sends the desk id on every desk call', async () => {
    setExtraHeaders(() => ({ [DESK_ID_HEADER]: 'own-desk' }))
    expect(await sent(get('/damai/customer/label/list'))).toEqual({ agent: null, desk: 'own-desk' })
    expect(await sent(post('/damai/customer/session/page', {}))).toEqual({ agent: null, desk: 'own-desk' })
  })
})
