import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Readable } from 'node:stream'
import { Server, type Socket } from 'socket.io'
import type { HandlerErrorSink } from '../../emitter.js'
import { GatewayError } from '../../errors.js'
import type { AccountId, GatewayEvents } from '../../messaging-gateway.js'
import { SimulatorGateway } from '../gateway.js'
import type { SimLinkStore } from '../link-store.js'
import { SimNetwork } from '../network.js'
import type { SimLink } from '../types.js'
import { localPhoneNetwork, PHONE_METHODS, type SimPhoneNetwork } from './phone-api.js'
import {
  answer,
  CHANNEL,
  GATEWAY_EVENTS,
  GATEWAY_METHODS,
  isMethod,
  type LinkMethod,
  type Reply,
  restoreArgs,
  unwrap,
} from './protocol.js'

export interface SimNetworkServiceOptions {
  network?: SimNetwork
  /** how long a link-store call to a client may take before the session sees an error */
  linkCallTimeoutMs?: number
  /** largest message (media bytes) a client may send; default 128 MiB */
  maxMessageBytes?: number
  onHandlerError?: HandlerErrorSink
}

type Ack = (reply: Reply) => void

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c))
  return Buffer.concat(chunks)
}

/** One connected server process: its own gateway over the shared network. */
class ClientConnection {
  readonly gateway: SimulatorGateway
  /** accounts this client's gateway has had sessions for */
  readonly accounts = new Set<AccountId>()
  gone = false
  private markGone!: () => void
  readonly goneSignal = new Promise<void>((resolve) => {
    this.markGone = resolve
  })

  constructor(
    readonly socket: Socket,
    network: SimNetwork,
    private readonly opts: SimNetworkServiceOptions,
  ) {
    const links: SimLinkStore = {
      load: (id) => this.linkCall<SimLink | undefined>('load', [id]),
      save: (link) => this.linkCall<void>('save', [link]),
      remove: (id) => this.linkCall<void>('remove', [id]),
      list: () => this.linkCall<SimLink[]>('list', []),
    }
    this.gateway = new SimulatorGateway({ network, links, onHandlerError: opts.onHandlerError })
    for (const name of GATEWAY_EVENTS) this.gateway.on(name, (payload) => this.forward(name, payload))
  }

  /** The gateway's events go to this client only; the next waits until the client handled it. */
  private async forward<E extends keyof GatewayEvents>(name: E, payload: GatewayEvents[E]): Promise<void> {
    if (name === 'status') this.accounts.add((payload as GatewayEvents['status']).accountId)
    if (this.gone) return
    await Promise.race([
      this.socket.emitWithAck(CHANNEL.event, name, payload).catch(() => undefined),
      this.goneSignal,
    ])
  }

  /** The client's own store (the product database) keeps the links: any process can resume them. */
  private async linkCall<T>(method: LinkMethod, args: unknown[]): Promise<T> {
    const lost = () => new GatewayError('not_connected', 'the server process holding this session went away')
    if (this.gone) throw lost()
    const reply = await Promise.race([
      this.socket
        .timeout(this.opts.linkCallTimeoutMs ?? 30_000)
        .emitWithAck(CHANNEL.links, method, args) as Promise<Reply<T>>,
      this.goneSignal.then(() => {
        throw lost()
      }),
    ])
    return unwrap(reply)
  }

  async call(method: unknown, rawArgs: unknown): Promise<unknown> {
    if (!isMethod(GATEWAY_METHODS, method)) throw new GatewayError('invalid_argument', 'unknown gateway call')
    const args = restoreArgs(rawArgs)
    if ((method === 'login' || method === 'resume') && typeof args[0] === 'string') this.accounts.add(args[0])
    const fn = this.gateway[method] as (...a: unknown[]) => unknown
    const value = await fn.apply(this.gateway, args)
    return method === 'downloadMedia' ? toBuffer(value as Readable) : value
  }

  /**
   * The process died or closed: like WhatsApp noticing a dropped connection, every session of
   * this client closes at once, so phones see it offline and another process may resume it.
   */
  async drop(): Promise<void> {
    if (this.gone) return
    this.gone = true
    this.markGone()
    await Promise.all([...this.accounts].map((id) => this.gateway.abandon(id).catch(() => undefined)))
  }
}

/**
 * The simulated WhatsApp network as one service that several server processes connect to, as
 * they would to WhatsApp's servers: each gets its own gateway over the shared network.
 */
class SimNetworkService {
  readonly network: SimNetwork
  /** the phones' side, for an in-process /sim page or a test */
  readonly phones: SimPhoneNetwork
  private readonly clients = new Set<ClientConnection>()
  private readonly http: HttpServer
  private readonly io: Server

  constructor(private readonly opts: SimNetworkServiceOptions = {}) {
    this.network = opts.network ?? new SimNetwork()
    this.phones = localPhoneNetwork(this.network, () => this.gateways())
    this.http = createServer()
    this.io = new Server(this.http, {
      maxHttpBufferSize: opts.maxMessageBytes ?? 128 * 1024 * 1024,
      serveClient: false,
    })
    this.io.on('connection', (socket) => this.accept(socket))
  }

  /** The gateways of the connected clients. */
  gateways(): SimulatorGateway[] {
    return [...this.clients].map((c) => c.gateway)
  }

  get clientCount(): number {
    return this.clients.size
  }

  async listen(port: number, host = '127.0.0.1'): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject)
      this.http.listen(port, host, () => {
        this.http.off('error', reject)
        resolve()
      })
    })
    const addr = this.http.address() as AddressInfo
    const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address
    return `http://${shown}:${addr.port}`
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients].map((c) => c.drop()))
    this.clients.clear()
    await new Promise<void>((resolve) => {
      this.io.close(() => resolve())
    })
  }

  private accept(socket: Socket): void {
    const client = new ClientConnection(socket, this.network, this.opts)
    this.clients.add(client)
    socket.on(CHANNEL.gateway, (method: unknown, args: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return
      void answer(() => client.call(method, args)).then(ack as Ack)
    })
    socket.on(CHANNEL.phone, (method: unknown, args: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return
      void answer(() => {
        if (!isMethod(PHONE_METHODS, method)) throw new GatewayError('invalid_argument', 'unknown phone call')
        const fn = this.phones[method] as (...a: unknown[]) => unknown
        return fn.apply(this.phones, restoreArgs(args))
      }).then(ack as Ack)
    })
    socket.on('disconnect', () => {
      this.clients.delete(client)
      void client.drop()
    })
  }
}

export interface StartedSimService {
  url: string
  network: SimNetwork
  service: SimNetworkService
  close(): Promise<void>
}

/**
 * Host the simulated network in this process and listen (port 0: any free port), so server
 * processes can connect with SIM_URL while the caller drives customers through `network`.
 */
export async function startSimService(
  opts: SimNetworkServiceOptions & { port?: number; host?: string } = {},
): Promise<StartedSimService> {
  const service = new SimNetworkService(opts)
  const url = await service.listen(opts.port ?? 0, opts.host ?? '127.0.0.1')
  return { url, network: service.network, service, close: () => service.close() }
}
