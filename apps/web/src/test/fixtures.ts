import type { CurrentUser } from '@app/core'
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { vi } from 'vitest'
import { service } from '../api/request'

/** A signed-in user's profile as GET /damai/system/user/profile/get answers it. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 10,
    name: 'master',
    nickname: 'Master',
    avatar: '',
    roles: ['customerMaster'],
    roleId: 4,
    tenantId: 2,
    tenantName: 'Demo Ltd',
    tenantAccount: 'demo',
    validDate: [null, null],
    vipExpired: false,
    targetLanguage: 'en',
    permissionVO: {},
    specialChannelData: { tenantSpecialChannel: false, specialChannel: false },
    riskStatus: 0,
    enableMasterAiTranslate: false,
    translateTools: [],
    ...overrides,
  }
}

type Handler = (config: InternalAxiosRequestConfig) => unknown

/** Answers requests by path with `{ code: 0, data }` or whatever envelope the handler returns. */
export function fakeServer(routes: Record<string, Handler>) {
  const adapter = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const path = (config.url ?? '').split('?')[0] ?? ''
    const handler = routes[path]
    const data = handler ? handler(config) : { code: 404, msg: `no fake for ${path}` }
    return { data, status: 200, statusText: 'OK', headers: {}, config }
  })
  service.defaults.adapter = adapter
  return adapter
}

export const ok = (data: unknown) => ({ code: 0, msg: '', data })
