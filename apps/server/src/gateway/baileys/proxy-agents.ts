import type { Agent } from 'node:https'
import type { OutboundGuard } from '../../net/outbound/outbound-guard.js'
import type { ProxyConfig } from '../messaging-gateway.js'
import { proxyUrl } from '../proxy.js'

/** What Baileys needs for one proxy: a node Agent for the websocket and uploads, a dispatcher for fetch. */
export interface ProxyAgents {
  agent: Agent
  /** undici Dispatcher for `options.dispatcher` (Baileys' fetch calls and media download) */
  dispatcher?: unknown
}

class ProxyUnavailableError extends Error {
  override readonly name = 'ProxyUnavailableError'
}

type AgentCtor = new (url: string) => Agent
type DispatcherCtor = new (url: string) => unknown

/** Load an optional package without a compile-time dependency on its types. */
async function load(name: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await import(name)) as Record<string, unknown>
  } catch {
    return undefined
  }
}

function ctorOf<T>(mod: Record<string, unknown> | undefined, name: string): T | undefined {
  if (!mod) return undefined
  const def = mod.default as Record<string, unknown> | undefined
  const c = mod[name] ?? def?.[name] ?? (typeof mod.default === 'function' ? mod.default : undefined)
  return typeof c === 'function' ? (c as T) : undefined
}

/**
 * Agents for a proxy: https-proxy-agent for http proxies, socks-proxy-agent with `socks5h://` (DNS
 * through the proxy) for socks5, and undici's ProxyAgent / Socks5ProxyAgent as fetch dispatcher.
 * The packages are optional at build time; a missing agent package fails the connection with
 * ProxyUnavailableError rather than silently going direct.
 *
 * The proxy is a host the tenant chose, so every agent connects to the address `outbound` checked
 * and settled on for it: unless the operator allows private addresses, a proxy on this machine or a
 * private network (by its address, or by what its name resolves to now) fails with
 * OutboundRefusedError before anything connects.
 */
export async function createProxyAgents(
  proxy: ProxyConfig,
  outbound: Pick<OutboundGuard, 'connectAddress'>,
): Promise<ProxyAgents> {
  const undici = await load('undici')
  if (proxy.protocol === 'http') {
    const Ctor = ctorOf<AgentCtor>(await load('https-proxy-agent'), 'HttpsProxyAgent')
    if (!Ctor) throw new ProxyUnavailableError('package https-proxy-agent is not installed')
    const url = proxyUrl(await settled(proxy, outbound), 'http')
    const Dispatcher = ctorOf<DispatcherCtor>(undici, 'ProxyAgent')
    return { agent: new Ctor(url), dispatcher: Dispatcher ? new Dispatcher(url) : undefined }
  }
  const Ctor = ctorOf<AgentCtor>(await load('socks-proxy-agent'), 'SocksProxyAgent')
  if (!Ctor) throw new ProxyUnavailableError('package socks-proxy-agent is not installed')
  const Dispatcher = ctorOf<DispatcherCtor>(undici, 'Socks5ProxyAgent')
  const at = await settled(proxy, outbound)
  return {
    agent: new Ctor(proxyUrl(at, 'socks5h')),
    dispatcher: Dispatcher ? new Dispatcher(proxyUrl(at, 'socks5')) : undefined,
  }
}

/** The proxy with its host replaced by the address to connect to. */
async function settled(
  proxy: ProxyConfig,
  outbound: Pick<OutboundGuard, 'connectAddress'>,
): Promise<ProxyConfig> {
  return { ...proxy, host: await outbound.connectAddress(proxy.host) }
}
