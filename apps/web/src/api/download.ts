import { type Endpoint, type EndpointInput, ErrorCode, fillPath } from '@app/core'
import { feedback } from '../app/feedback'
import { i18n } from '../i18n'
import { service } from './request'

const KEY = 'file-download'

/** A refusal the server answered as a JSON envelope instead of the file. */
async function refusalOf(blob: Blob): Promise<string | null> {
  if (!blob.type.includes('json')) return null
  try {
    const body = JSON.parse(await blob.text()) as { code?: number; msg?: string; message?: string }
    return body.code === ErrorCode.ok ? null : body.msg || body.message || i18n.t('request.error')
  } catch {
    return i18n.t('request.error')
  }
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * The file download helper: POST with a JSON body or GET with params, the answer saved
 * under `fileName`. "请求下载资源中" shows while it runs, then "开始下载", or the server's refusal
 * (such as "no data to export") and "开始失败".
 */
async function downloadFile(
  method: 'post' | 'get',
  url: string,
  payload: object,
  fileName: string,
): Promise<boolean> {
  const message = feedback().message
  message.loading({ key: KEY, content: i18n.t('request.downloading'), duration: 0 })
  try {
    const res = await service.request<Blob, { data: Blob }>({
      url,
      method,
      responseType: 'blob',
      ...(method === 'post' ? { data: payload } : { params: payload }),
    })
    const refusal = await refusalOf(res.data)
    if (refusal) {
      message.error({ key: KEY, content: `${i18n.t('request.downloadFailed')}: ${refusal}`, duration: 5 })
      return false
    }
    save(res.data, fileName)
    message.success({ key: KEY, content: i18n.t('request.downloadStarted') })
    return true
  } catch {
    message.error({ key: KEY, content: i18n.t('request.downloadFailed'), duration: 5 })
    return false
  }
}

/** The same download for an endpoint of the contract: its method and path, the input as body or query. */
export function downloadEndpoint<E extends Endpoint>(
  e: E,
  input: EndpointInput<E>,
  fileName: string,
): Promise<boolean> {
  const { path, rest } = fillPath(e.path, (input ?? {}) as Record<string, unknown>)
  return downloadFile(e.method === 'GET' ? 'get' : 'post', path, rest, fileName)
}
