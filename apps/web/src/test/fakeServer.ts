import { ErrorCode } from '@app/core'
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { service } from '../api/request'

type Method = 'get' | 'post' | 'put' | 'delete'

/** A request as the fake server received it: the JSON body of a write, the query of a read. */
export interface FakeRequest {
  method: Method
  url: string
  body: Record<string, unknown>
  params: Record<string, unknown>
  headers: Record<string, unknown>
}

/** A refusal: the envelope the server answers with a code other than success. */
export class Refusal {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {}
}

/** What a route answers: the data of a successful envelope, or a refusal. */
type Handler = (req: FakeRequest) => unknown

const key = (method: Method, url: string) => `${method.toUpperCase()} ${url}`

/**
 * The server as the web app's one HTTP client meets it: each route a test sets answers with the
 * envelope `{ code, msg, data }` the real server sends, so the API modules, the envelope and
 * error handling run as in the app. Every request is recorded; a route no test set answers with
 * an HTTP 404, as the real server does, and is listed in `unhandled`.
 */
export class FakeServer {
  private readonly routes = new Map<string, Handler>()
  readonly requests: FakeRequest[] = []
  readonly unhandled: string[] = []
  private previous: InternalAxiosRequestConfig['adapter']

  constructor() {
    this.previous = service.defaults.adapter
    service.defaults.adapter = this.adapter
  }

  /** The route `method url` answers with what `handler` returns (or throws, for a refusal). */
  on(method: Method, url: string, handler: Handler): this {
    this.routes.set(key(method, url), handler)
    return this
  }

  /** The route `method url` answers with `data`, a fresh copy each time. */
  reply(method: Method, url: string, data: unknown): this {
    return this.on(method, url, () => structuredClone(data))
  }

  /** The bodies (writes) or queries (reads) of the requests to `method url`, oldest first. */
  calls(method: Method, url: string): Record<string, unknown>[] {
    return this.requests
      .filter((r) => r.method === method && r.url === url)
      .map((r) => (method === 'get' || method === 'delete' ? r.params : r.body))
  }

  /** Puts the HTTP client's own transport back. */
  close(): void {
    service.defaults.adapter = this.previous
  }

  private readonly adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toLowerCase() as Method
    const url = config.url ?? ''
    const req: FakeRequest = {
      method,
      url,
      body: typeof config.data === 'string' && config.data ? JSON.parse(config.data) : {},
      params: { ...config.params },
      headers: { ...config.headers },
    }
    this.requests.push(req)
    const answer = (status: number, data: unknown): AxiosResponse => ({
      data,
      status,
      statusText: String(status),
      headers: {},
      config,
    })
    const handler = this.routes.get(key(method, url))
    if (!handler) {
      this.unhandled.push(key(method, url))
      const res = answer(404, 'Not Found')
      throw new AxiosError(
        'Request failed with status code 404',
        AxiosError.ERR_BAD_REQUEST,
        config,
        null,
        res,
      )
    }
    try {
      return answer(200, { code: ErrorCode.ok, msg: '', data: (await handler(req)) ?? null })
    } catch (e) {
      if (e instanceof Refusal) return answer(200, { code: e.code, msg: e.msg, data: e.data })
      throw e
    }
  }
}
