import {
  type NurturingFileType,
  type NurturingLanguage,
  type NurturingMaterialCreateBody,
  type NurturingMaterialView,
  NurturingPath,
  type NurturingProgressView,
  type NurturingRuleBody,
  type NurturingRuleView,
  type Page,
} from '@app/core'
import { dataOf, http, noRepeatGuard } from '../../api/request'

export const pageMaterials = (q: { pageNo: number; pageSize: number; language?: string }) =>
  dataOf(http.post<Page<NurturingMaterialView>>(NurturingPath.materialPage, q))
export const createMaterial = (b: NurturingMaterialCreateBody) =>
  dataOf(http.post<{ id: number }>(NurturingPath.material, b))
export const updateMaterial = (b: NurturingMaterialCreateBody & { id: number }) =>
  dataOf(http.put<null>(NurturingPath.material, b))
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
  return dataOf(
    http.post<{ id: number }>(NurturingPath.materialUpload, form, { ...noRepeatGuard, timeout: 120_000 }),
  )
}
export const updateMaterialFile = (b: { id: number; language: NurturingLanguage; enabled: boolean }) =>
  dataOf(http.put<null>(NurturingPath.materialFileUpdate, b))
/** A file material's bytes, fetched with the admin's token. */
export const fetchMaterialFile = (id: number) =>
  dataOf(
    http.get<Blob>(
      NurturingPath.materialFile,
      { id },
      { ...noRepeatGuard, responseType: 'blob', silent: true },
    ),
  )
export const deleteMaterial = (id: number) => dataOf(http.delete<null>(NurturingPath.material, { id }))

export const pageRules = (q: { pageNo: number; pageSize: number }) =>
  dataOf(http.post<Page<NurturingRuleView>>(NurturingPath.rulePage, q))
export const createRule = (b: NurturingRuleBody) => dataOf(http.post<{ id: number }>(NurturingPath.rule, b))
export const updateRule = (b: NurturingRuleBody & { id: number }) =>
  dataOf(http.put<null>(NurturingPath.rule, b))
export const deleteRule = (id: number) => dataOf(http.delete<null>(NurturingPath.rule, { id }))

export const pageProgress = (q: { pageNo: number; pageSize: number; ruleId?: number }) =>
  dataOf(http.post<Page<NurturingProgressView>>(NurturingPath.progress, q))
