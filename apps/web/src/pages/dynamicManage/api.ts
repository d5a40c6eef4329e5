import {
  type DynamicCreateBody,
  DynamicPath,
  type DynamicPostDetail,
  type DynamicPostView,
  type Page,
} from '@app/core'
import { dataOf, http } from '../../api/request'

export const createDynamic = (body: DynamicCreateBody) =>
  dataOf(http.post<{ id: number }>(DynamicPath.create, body))

export const pageDynamics = (pageNo: number, pageSize: number) =>
  dataOf(http.post<Page<DynamicPostView>>(DynamicPath.page, { pageNo, pageSize }))

export const dynamicDetail = (id: number) => dataOf(http.get<DynamicPostDetail>(DynamicPath.detail, { id }))

export const cancelDynamic = (id: number) => dataOf(http.put<null>(DynamicPath.cancel, { id }))
