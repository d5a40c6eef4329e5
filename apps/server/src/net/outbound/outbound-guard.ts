import dns from 'node:dns'
import net from 'node:net'
import { ErrorCode } from '@app/core'
import { Agent, buildConnector, type Dispatcher, fetch, Headers, type Response } from 'undici'
import { AppError } from '../../http/errors.js'
import { withTimeout } from '../with-timeout.js'
import { isLocalName, isPublicAddress } from './address-rules.js'

/** Redirects followed before a call gives up. */
export const MAX_REDIRECTS = 5
/** How long the save-time name check waits for DNS; a slower answer is left to the connect-time check. */
const SAVE_LOOKUP_MS = 3_000

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
/** Headers a redirect to another origin must not carry (the tenant's key, above all). */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie']
/** Headers that describe a body, dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
]

/** Every address a name resolves to. */
export type Resolve = (hostname: string) => Promise<dns.LookupAddress[]>

const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })

/** A call to a tenant-set address that the guard refused. */
export class OutboundRefusedError extends Error {}

export interface OutboundGuardOptions {
  /** the operator lets tenant-set addresses reach this machine and private networks */
  privateAddresses: boolean
  /** name resolution (the system's by default) */
  resolve?: Resolve
  /** which addresses count as public (the rule of address-rules.ts by default) */
  isPublic?: (address: string) => boolean
  maxRedirects?: number
}

/** What a guarded call may carry: a body that can be sent again on a 307/308 redirect. */
export interface OutboundRequest {
  method?: string
  headers?: Record<string, string>
  body?: string | Uint8Array
  signal?: AbortSignal
}

type Refusal = 'invalid' | 'private'

/**
 * The one way to call an address a tenant set (its AI provider; later its webhooks), or to connect
 * to a host it set (its accounts' proxies). Unless the operator allows private addresses, such a
 * call reaches the public internet only: the address is refused when saved, every redirect is
 * followed by hand and checked again, and every connection is checked on the address it actually
 * reaches, so a name that resolves elsewhere by the time of the call cannot slip past.
 */
export class OutboundGuard {
  /** set while private addresses are refused */
  readonly dispatcher: Dispatcher | undefined
  private readonly resolve: Resolve
  private readonly isPublic: (address: string) => boolean
  private readonly maxRedirects: number

  constructor(private readonly options: OutboundGuardOptions) {
    this.resolve = options.resolve ?? systemResolve
    this.isPublic = options.isPublic ?? isPublicAddress
    this.maxRedirects = options.maxRedirects ?? MAX_REDIRECTS
    this.dispatcher = options.privateAddresses ? undefined : publicOnlyAgent(this.resolve, this.isPublic)
  }

  /**
   * Refuse, in the request's language, an address a tenant may not store: not http(s), with a user
   * name or password in it, or on this machine or a private network (by its IP literal, a local
   * name, or any address its name resolves to now). A name that does not resolve yet is accepted:
   * the call is checked again when it connects.
   */
  async checkUrlForSave(address: string): Promise<void> {
    const url = URL.parse(address)
    const refusal = url ? this.refusal(url) : 'invalid'
    if (refusal === 'invalid') throw new AppError(ErrorCode.outboundAddressInvalid)
    if (refusal === 'private') throw new AppError(ErrorCode.outboundAddressPrivate)
    await this.checkAnswersForSave(hostOf(url as URL))
  }

  /**
   * The same rule for a host a tenant stores without a URL around it (an account's proxy): refused,
   * in the request's language, when it is on this machine or a private network by its IP literal, a
   * local name, or any address its name resolves to now. The host is read as a URL reads it, so
   * every way of writing an address is judged as the address it is; a host that cannot be read as
   * one is not known to be public and is refused too. A name that does not resolve yet is accepted:
   * the connection is checked when it is made (`connectAddress`).
   */
  async checkHostForSave(host: string): Promise<void> {
    if (this.options.privateAddresses) return
    const name = canonicalHost(host)
    if (name === undefined || this.privateByText(name)) throw new AppError(ErrorCode.outboundAddressPrivate)
    await this.checkAnswersForSave(name)
  }

  /**
   * The address to open a connection to a tenant-set host on, for connections made outside `fetch`
   * (an account's proxy): the host as given when the operator allows private addresses; otherwise
   * the public address it is, or the first its name resolves to once every answer was checked.
   * Connecting to that address rather than the name leaves no later lookup to answer differently.
   * Refusals reject with `OutboundRefusedError`; a name without an address with ENOTFOUND.
   */
  async connectAddress(host: string): Promise<string> {
    if (this.options.privateAddresses) return host
    const name = canonicalHost(host)
    if (name === undefined) throw new OutboundRefusedError(`${host} is not a host name or address`)
    if (this.privateByText(name)) throw new OutboundRefusedError(`${name} is a private or local address`)
    if (net.isIP(name)) return name
    const found = await this.resolve(name)
    const refused = found.find((a) => !this.isPublic(a.address))
    if (refused) throw new OutboundRefusedError(`${name} is a private or local address (${refused.address})`)
    const first = found[0]
    if (!first) throw Object.assign(new Error(`${name} has no address`), { code: 'ENOTFOUND' })
    return first.address
  }

  /** Refuse a name any of whose addresses now is private; no answer in time leaves it to the connect-time check. */
  private async checkAnswersForSave(host: string): Promise<void> {
    if (this.options.privateAddresses || net.isIP(host)) return
    const found = await withTimeout(
      this.resolve(host),
      SAVE_LOOKUP_MS,
      () => new Error(`no answer within ${SAVE_LOOKUP_MS} ms`),
    ).catch(() => [])
    if (found.some((a) => !this.isPublic(a.address))) throw new AppError(ErrorCode.outboundAddressPrivate)
  }

  /**
   * `fetch` for a tenant-set address. Redirects are followed here, at most `maxRedirects`, each
   * target checked before it is requested: 301/302 turn a POST into a GET and 303 anything but
   * GET/HEAD, dropping the body; 307/308 repeat the request as it was. A redirect to another
   * origin drops the credentials headers. Refusals reject with `OutboundRefusedError` (a refused
   * connection with undici's "fetch failed" and the refusal as its cause).
   */
  async fetch(address: string, request: OutboundRequest = {}): Promise<Response> {
    let url = this.checked(address)
    let method = (request.method ?? 'GET').toUpperCase()
    let body = request.body
    const headers = new Headers(request.headers)
    for (let hop = 0; ; hop++) {
      const res = await fetch(url, {
        method,
        headers,
        body,
        signal: request.signal,
        redirect: 'manual',
        dispatcher: this.dispatcher,
      })
      const location = REDIRECT_STATUSES.has(res.status) ? res.headers.get('location') : null
      if (location === null) return res
      await res.body?.cancel()
      if (hop >= this.maxRedirects) throw new OutboundRefusedError(`more than ${this.maxRedirects} redirects`)
      const next = this.checked(URL.parse(location, url.href)?.href ?? location)
      if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) headers.delete(h)
      const toGet =
        (res.status === 303 && method !== 'GET' && method !== 'HEAD') ||
        ((res.status === 301 || res.status === 302) && method === 'POST')
      if (toGet) {
        method = 'GET'
        body = undefined
        for (const h of BODY_HEADERS) headers.delete(h)
      }
      url = next
    }
  }

  /** The URL to request, or the refusal by its text (the connection is checked when made). */
  private checked(address: string): URL {
    const url = URL.parse(address)
    const refusal = url ? this.refusal(url) : 'invalid'
    if (refusal === 'invalid')
      throw new OutboundRefusedError(`${address} is not an http(s) address without credentials`)
    if (refusal === 'private')
      throw new OutboundRefusedError(`${hostOf(url as URL)} is a private or local address`)
    return url as URL
  }

  /** What is wrong with a URL by its text alone: its scheme, credentials, an IP literal or a local name. */
  private refusal(url: URL): Refusal | null {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid'
    if (url.username !== '' || url.password !== '') return 'invalid'
    if (this.options.privateAddresses) return null
    return this.privateByText(hostOf(url)) ? 'private' : null
  }

  /** A host private by its text alone: an IP literal that is not public, or a name of this machine. */
  private privateByText(host: string): boolean {
    // an IP literal is never looked up, so the connect-time lookup check would not see it
    if (net.isIP(host)) return !this.isPublic(host)
    return isLocalName(host)
  }
}

/** The host of a URL without the brackets of an IPv6 literal. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1')
}

/**
 * A bare host (an IPv6 literal with or without its brackets) as a URL reads it: lower case, every
 * form of an IPv4 address written dotted. Undefined when it is not one host alone (a port, a path or
 * credentials around it, or nothing a URL accepts).
 */
function canonicalHost(host: string): string | undefined {
  const bare = host.replace(/^\[(.*)\]$/, '$1')
  const ipv6 = net.isIPv6(bare)
  if (!ipv6 && (bare === '' || /[\s/\\?#@:[\]%]/.test(bare))) return undefined
  const url = URL.parse(ipv6 ? `http://[${bare}]/` : `http://${bare}/`)
  return url ? hostOf(url) : undefined
}

/**
 * A dispatcher whose connections reach public addresses only: a name is refused when any address
 * it resolves to is not public (so no connection is attempted), and every socket is checked again
 * on the address it connected to, which also covers a host that needed no lookup.
 */
function publicOnlyAgent(resolve: Resolve, isPublic: (address: string) => boolean): Agent {
  const lookup = ((hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0
    resolve(hostname).then(
      (all) => {
        const list = family ? all.filter((a) => a.family === family) : all
        const refused = list.find((a) => !isPublic(a.address))
        if (refused)
          return callback(
            new OutboundRefusedError(`${hostname} is a private or local address (${refused.address})`),
            '',
            4,
          )
        const first = list[0]
        if (!first)
          return callback(
            Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
            '',
            4,
          )
        if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
        callback(null, first.address, first.family)
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    )
  }) as net.LookupFunction
  const connector = buildConnector({ lookup })
  return new Agent({
    connect: (opts, callback) =>
      connector(opts, (err, socket) => {
        if (err || !socket) return callback(err ?? new Error('no connection'), null)
        const at = socket.remoteAddress ?? ''
        if (isPublic(at)) return callback(null, socket)
        socket.destroy()
        callback(new OutboundRefusedError(`${opts.hostname} is a private or local address (${at})`), null)
      }),
  })
}
