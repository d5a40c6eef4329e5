import {
  nurturingEndpoints as api,
  type NurturingFileType,
  type NurturingLanguage,
  type NurturingMaterialCreateBody,
  type NurturingRuleBody,
} from '@app/core'
import { call } from '../../api/client'
import { noRepeatGuard } from '../../api/request'

export const pageMaterials = (q: { pageNo: number; pageSize: number; language?: NurturingLanguage }) =>
  call(api.materialPage, q)
export const createMaterial = (b: NurturingMaterialCreateBody) => call(api.materialCreate, b)
export const updateMaterial = (b: NurturingMaterialCreateBody & { id: number }) => call(api.materialUpdate, b)
/** Upload a file as material (checked from its bytes by the server too). */
export const uploadMaterial = (b: {
  file: Blob
  fileName: string
  type: NurturingFileType
  language: NurturingLanguage
  enabled: boolean
}) => {
  const form = new FormData()
  form.append('language', b.language)
  form.append('type', b.type)
  form.append('enabled', String(b.enabled))
  form.append('file', b.file, b.fileName)
  return call(api.materialUpload, { form }, { ...noRepeatGuard, timeout: 120_000 })
}
export const updateMaterialFile = (b: { id: number; language: NurturingLanguage; enabled: boolean }) =>
  call(api.materialFileUpdate, b)
/** A file material's bytes, fetched with the admin's token. */
export const fetchMaterialFile = (id: number) =>
  call(api.materialFile, { id }, { ...noRepeatGuard, silent: true })
export const deleteMaterial = (id: number) => call(api.materialRemove, { id })

export const pageRules = (q: { pageNo: number; pageSize: number }) => call(api.rulePage, q)
export const createRule = (b: NurturingRuleBody) => call(api.ruleCreate, b)
export const updateRule = (b: NurturingRuleBody & { id: number }) => call(api.ruleUpdate, b)
export const deleteRule = (id: number) => call(api.ruleRemove, { id })

export const pageProgress = (q: { pageNo: number; pageSize: number; ruleId?: number }) =>
  call(api.progress, q)
