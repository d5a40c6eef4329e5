import { labelEndpoints as api, type LabelPageBody } from '@app/core'
import { call } from './client'

/** A page of labels, newest first, with fan counts; `name` searches ignoring case. */
export const pageLabels = (q: LabelPageBody) => call(api.page, q)

/** Every label of the tenant (pickers). */
export const listLabels = () => call(api.list).then((r) => r.list)

export const createLabel = (name: string) => call(api.create, { name })

export const renameLabel = (id: number, name: string) => call(api.rename, { id, name })

/** The label leaves every fan that carried it. */
export const deleteLabel = (id: number) => call(api.remove, { id })

export const fanLabels = (fanId: number) => call(api.ofFan, { fanId }).then((r) => r.list)

/** Every label on every fan. */
export const addLabelsToFans = (fanIds: number[], labelIds: number[]) =>
  call(api.addToFans, { fanIds, labelIds })

/** Every label off every fan. */
export const removeLabelsFromFans = (fanIds: number[], labelIds: number[]) =>
  call(api.removeFromFans, { fanIds, labelIds })
