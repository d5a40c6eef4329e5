import { type Endpoint, type EndpointData, type EndpointInput, fileResponse, fillPath } from '@app/core'
import type { AxiosRequestConfig } from 'axios'
import { service } from './request'

/** What a call may add: the duplicate guard off, silence for background polls, a timeout, a signal. */
export type CallConfig = Omit<AxiosRequestConfig, 'url' | 'method' | 'data' | 'params' | 'responseType'>

/**
 * Calls an endpoint by its contract (packages/core): the path, method and types come from the
 * same object the server registers, so no page writes an API path and a change of shape on
 * either side fails the type check. Resolves with the envelope's data; a refusal rejects with
 * `ApiError` after request.ts has shown it (unless the call is silent).
 */
export function call<E extends Endpoint>(
  e: E,
  input?: EndpointInput<E, FormData>,
  config: CallConfig = {},
): Promise<EndpointData<E, Blob>> {
  const templated = e.path.includes(':')
  const { path, rest } = templated
    ? fillPath(e.path, (input ?? {}) as Record<string, unknown>)
    : { path: e.path, rest: input as unknown }
  const file = e.response === fileResponse
  const request: AxiosRequestConfig = { ...config, url: path, method: e.method }
  if (e.body === 'multipart') request.data = (rest as { form: FormData }).form
  else if (e.body && e.query && rest && typeof rest === 'object') {
    // the query's own keys go in the querystring, the rest is the body
    const keys = new Set(Object.keys((e.query as unknown as { shape?: object }).shape ?? {}))
    const entries = Object.entries(rest)
    request.params = Object.fromEntries(entries.filter(([k]) => keys.has(k)))
    request.data = Object.fromEntries(entries.filter(([k]) => !keys.has(k)))
  } else if (e.body) request.data = rest
  else if (rest && typeof rest === 'object' && Object.keys(rest).length) request.params = rest
  if (file) request.responseType = 'blob'
  return service
    .request(request)
    .then((envelope) => (envelope as unknown as { data: EndpointData<E, Blob> }).data)
}

/** The path of an endpoint with its parameters filled, for a link, an `<img>` or a download. */
export const urlOf = <E extends Endpoint>(e: E, input?: EndpointInput<E, FormData>): string => {
  const { path, rest } = fillPath(e.path, (input ?? {}) as Record<string, unknown>)
  const query = new URLSearchParams(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  ).toString()
  return query ? `${path}?${query}` : path
}
