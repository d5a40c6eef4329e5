import type { Agent } from 'node:https'
import type { ProxyConfig } from '../port.js'
import { proxyUrl } from '../proxy.js'

/** What Baileys needs for one proxy: a node Agent for the websocket and uploads, a dispatcher for fetch. */
export interface ProxyAgents {
  agent: Agent
  /** undici Dispatcher for `options.dispatcher` (Baileys' fetch calls and media download) */
  dispatcher?: unknown
}

export class ProxyUnavailableError extends Error {
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
 */
export async function createProxyAgents(proxy: ProxyConfig): Promise<ProxyAgents> {
  const undici = await load('undici')
  if (proxy.protocol === 'http') {
    const Ctor = ctorOf<AgentCtor>(await load('https-proxy-agent'), 'HttpsProxyAgent')
    if (!Ctor) throw new ProxyUnavailableError('package https-proxy-agent is not installed')
    const url = proxyUrl(proxy, 'http')
    const Dispatcher = ctorOf<DispatcherCtor>(undici, 'ProxyAgent')
    return { agent: new Ctor(url), dispatcher: Dispatcher ? new Dispatcher(url) : undefined }
  }
  const Ctor = ctorOf<AgentCtor>(await load('socks-proxy-agent'), 'SocksProxyAgent')
  if (!Ctor) throw new ProxyUnavailableError('package socks-proxy-agent is not installed')
  const Dispatcher = ctorOf<DispatcherCtor>(undici, 'Socks5ProxyAgent')
  return {
    agent: new Ctor(proxyUrl(proxy, 'socks5h')),
    dispatcher: Dispatcher ? new Dispatcher(proxyUrl(proxy, 'socks5')) : undefined,
  }
}
