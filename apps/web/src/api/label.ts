import type { FanLabelsChange, FanLabelView, LabelPageBody, LabelView, Page } from '@app/core'
import { dataOf, http } from './request'

const base = '/damai/customer/label'

/** A page of labels, newest first, with fan counts; `name` searches ignoring case. */
export const pageLabels = (q: LabelPageBody) => dataOf(http.post<Page<LabelView>>(`${base}/page`, q))

/** Every label of the tenant (pickers). */
export const listLabels = () => dataOf(http.get<{ list: LabelView[] }>(`${base}/list`)).then((r) => r.list)

export const createLabel = (name: string) => dataOf(http.post<{ id: number }>(base, { name }))

export const renameLabel = (id: number, name: string) => dataOf(http.put<null>(base, { id, name }))

/** The label leaves every fan that carried it. */
export const deleteLabel = (id: number) => dataOf(http.delete<{ unlinkedFans: number }>(base, { id }))

export const fanLabels = (fanId: number) =>
  dataOf(http.get<{ list: FanLabelView[] }>(`${base}/fan`, { fanId })).then((r) => r.list)

/** Every label on every fan. */
export const addLabelsToFans = (fanIds: number[], labelIds: number[]) =>
  dataOf(http.post<FanLabelsChange>(`${base}/fan/add`, { fanIds, labelIds }))

/** Every label off every fan. */
export const removeLabelsFromFans = (fanIds: number[], labelIds: number[]) =>
  dataOf(http.post<FanLabelsChange>(`${base}/fan/remove`, { fanIds, labelIds }))
