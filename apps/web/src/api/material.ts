import {
  materialEndpoints as api,
  materialGroupEndpoints as groups,
  type MaterialCreateBody,
  type MaterialOwnerTypeValue,
  type MaterialPageBody,
  type MaterialUpdateBody,
  type MaterialUsageValue,
  type UploadTypeValue,
} from '@app/core'
import { call } from './client'
import { ApiError, noRepeatGuard } from './request'

/** Uploads of up to 10 MB get more time than the ordinary 10 s. */
const UPLOAD_TIMEOUT_MS = 120_000

export const pageMaterials = (q: MaterialPageBody) => call(api.page, q)

const _getMaterial = (id: number) => call(api.get, { id })

export const materialTypeCounts = (ownerType: MaterialOwnerTypeValue, usage?: MaterialUsageValue) =>
  call(api.typeCounts, { ownerType, ...(usage ? { usage } : {}) }).then((r) => r.list)

export const createMaterial = (body: MaterialCreateBody) => call(api.create, body)

export const updateMaterial = (body: MaterialUpdateBody) => call(api.update, body)

export const setMaterialsEnabled = (ids: number[], enabled: boolean) => call(api.setEnabled, { ids, enabled })

export const deleteMaterials = (ids: number[]) => call(api.remove, { ids: ids.join(',') })

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
  return call(
    api.upload,
    { form },
    {
      ...noRepeatGuard,
      timeout: UPLOAD_TIMEOUT_MS,
      onUploadProgress: onProgress
        ? (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0)
        : undefined,
    },
  )
}

/**
 * The file of a material as a blob (the request carries the Authorization header, which an
 * `<img src>` could not). A refusal comes back as a JSON envelope inside the blob: it rejects.
 */
export async function fetchMaterialFile(id: number): Promise<Blob> {
  const blob = await call(api.file, { id }, { ...noRepeatGuard, silent: true })
  if (blob.type.includes('json')) {
    const body = JSON.parse(await blob.text()) as { code?: number; msg?: string }
    throw new ApiError(body.code ?? -1, body.msg ?? '')
  }
  return blob
}

export const listMaterialGroups = (ownerType: MaterialOwnerTypeValue) =>
  call(groups.list, { ownerType }).then((r) => r.list)

export const createMaterialGroup = (ownerType: MaterialOwnerTypeValue, name: string) =>
  call(groups.create, { ownerType, name })

export const renameMaterialGroup = (id: number, name: string) => call(groups.rename, { id, name })

/** Only an empty group can be deleted. */
export const deleteMaterialGroup = (id: number) => call(groups.remove, { id })
