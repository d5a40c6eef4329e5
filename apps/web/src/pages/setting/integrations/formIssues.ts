import { ErrorCode } from '@app/core'
import type { FormInstance } from 'antd'
import { ApiError, isDuplicateRequest } from '../../../api/request'

interface Issue {
  path: string
  message: string
}

const isIssue = (v: unknown): v is Issue =>
  typeof v === 'object' && v !== null && typeof (v as Issue).path === 'string'

/** A refusal of the address itself: the server would not call it (not an address, or a private one). */
const ADDRESS_REFUSALS: readonly number[] = [
  ErrorCode.outboundAddressInvalid,
  ErrorCode.outboundAddressPrivate,
]

/**
 * Tells the supervisor why a form's call failed. A refused request has no field to show on and is
 * told in a toast; a second click within the duplicate window was never sent and is not told.
 */
export function showFormError(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  toast: (text: string) => void,
): void {
  if (isDuplicateRequest(error) || showFormIssues(form, error, fields)) return
  if (error instanceof Error) toast(error.message)
}

/**
 * Puts a refusal of a form's call on the form's fields: the server's validation issues on the
 * fields they name (an item of a list on the list), a refused webhook address on `url`. Returns
 * false when nothing matched a field, so the caller tells the refusal some other way.
 */
function showFormIssues(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false
  const named = new Map<string, string[]>()
  const add = (name: string, message: string) => {
    if (fields.includes(name)) named.set(name, [...(named.get(name) ?? []), message])
  }
  if (ADDRESS_REFUSALS.includes(error.code)) add('url', error.message)
  const issues = (error.data as { issues?: unknown } | null | undefined)?.issues
  if (Array.isArray(issues))
    for (const issue of issues.filter(isIssue)) add(issue.path.split('.')[0] ?? '', issue.message)
  form.setFields([...named].map(([name, errors]) => ({ name, errors })))
  return named.size > 0
}
