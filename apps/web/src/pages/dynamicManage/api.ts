import { dynamicEndpoints as api, type DynamicCreateBody } from '@app/core'
import { call } from '../../api/client'

export const createDynamic = (body: DynamicCreateBody) => call(api.create, body)

export const pageDynamics = (pageNo: number, pageSize: number) => call(api.page, { pageNo, pageSize })

export const dynamicDetail = (id: number) => call(api.detail, { id })

export const cancelDynamic = (id: number) => call(api.cancel, { id })
