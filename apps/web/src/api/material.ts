import type {
  MaterialCreateBody,
  MaterialGroupView,
  MaterialOwnerTypeValue,
  MaterialPageBody,
  MaterialTypeCount,
  MaterialUpdateBody,
  MaterialUploadResult,
  MaterialUsageValue,
  MaterialView,
  Page,
  UploadTypeValue,
} from '@app/core'
import { ApiError, dataOf, http, noRepeatGuard } from './request'

const base = '/damai/customer/material'
const groupBase = '/damai/customer/materialGroup'

/** Uploads of up to 10 MB get more time than the ordinary 10 s. */
const UPLOAD_TIMEOUT_MS = 120_000

export const pageMaterials = (q: MaterialPageBody) => dataOf(http.post<Page<MaterialView>>(`${base}/page`, q))

export const getMaterial = (id: number) => dataOf(http.get<MaterialView>(`${base}/get`, { id }))

export const materialTypeCounts = (ownerType: MaterialOwnerTypeValue, usage?: MaterialUsageValue) =>
  dataOf(
    http.get<{ list: MaterialTypeCount[] }>(`${base}/typeCounts`, { ownerType, ...(usage ? { usage } : {}) }),
  ).then((r) => r.list)

export const createMaterial = (body: MaterialCreateBody) => dataOf(http.post<{ id: number }>(base, body))

export const updateMaterial = (body: MaterialUpdateBody) => dataOf(http.put<null>(base, body))

export const setMaterialsEnabled = (ids: number[], enabled: boolean) =>
  dataOf(http.put<null>(`${base}/enabled`, { ids, enabled }))

export const deleteMaterials = (ids: number[]) => dataOf(http.delete<null>(base, { ids: ids.join(',') }))

/** Upload a material's file first; the material is then created with the answered mediaId. */
export const uploadMaterialFile = (
  file: Blob,
  fileName: string,
  type: UploadTypeValue,
  usage: MaterialUsageValue,
  onProgress?: (fraction: number) => void,
) => {
  const form = new FormData()
  form.append('type', type)
  form.append('usage', usage)
  form.append('file', file, fileName)
  return dataOf(
    http.post<MaterialUploadResult>(`${base}/upload`, form, {
      ...noRepeatGuard,
      timeout: UPLOAD_TIMEOUT_MS,
      onUploadProgress: onProgress
        ? (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0)
        : undefined,
    }),
  )
}

/**
 * The file of a material as a blob (the request carries the Authorization header, which an
 * `<img src>` could not). A refusal comes back as a JSON envelope inside the blob: it rejects.
 */
export async function fetchMaterialFile(id: number): Promise<Blob> {
  const blob = await dataOf(
    http.get<Blob>(`${base}/file`, { id }, { ...noRepeatGuard, responseType: 'blob', silent: true }),
  )
  if (blob.type.includes('json')) {
    const body = JSON.parse(await blob.text()) as { code?: number; msg?: string }
    throw new ApiError(body.code ?? -1, body.msg ?? '')
  }
  return blob
}

export const listMaterialGroups = (ownerType: MaterialOwnerTypeValue) =>
  dataOf(http.get<{ list: MaterialGroupView[] }>(`${groupBase}/list`, { ownerType })).then((r) => r.list)

export const createMaterialGroup = (ownerType: MaterialOwnerTypeValue, name: string) =>
  dataOf(http.post<{ id: number }>(groupBase, { ownerType, name }))

export const renameMaterialGroup = (id: number, name: string) =>
  dataOf(http.put<null>(groupBase, { id, name }))

/** Only an empty group can be deleted. */
export const deleteMaterialGroup = (id: number) => dataOf(http.delete<null>(groupBase, { id }))
