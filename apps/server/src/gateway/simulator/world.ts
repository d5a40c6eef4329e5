import type { Cancel, Clock } from '../clock.js'
import type { GroupParticipant } from '../messaging-gateway.js'
import type { SimAddressing } from './addressing.js'
import { MediaStore } from './media.js'
import { hashSeed, Rng } from './prng.js'
import {
  DEFAULT_RULES,
  DEFAULT_TIMINGS,
  type SimDevice,
  type SimDeviceEvent,
  type SimMessage,
  type SimNetworkOptions,
  type SimRules,
  type SimTimings,
} from './types.js'

interface SimDeviceSlot {
  deviceId: number
  accountId: string
  linkedAt: number
  /** set while a gateway session is connected */
  device?: SimDevice
  /** events that arrived while the device was offline (the offline backlog) */
  backlog: SimDeviceEvent[]
}

export interface SimPhone {
  number: string
  name: string
  /** the profile picture set from a linked device */
  picture?: Buffer
  registered: boolean
  /** a WhatsApp Business number */
  business?: boolean
  bannedAt?: number
  restrictedUntil?: number
  liftRestriction?: Cancel
  devices: Map<number, SimDeviceSlot>
  nextDeviceId: number
  sendTimes: number[]
  newChatTimes: number[]
  /** connects fail with 408 until then */
  outageUntil?: number
  /** the next connects fail with 500 */
  failConnects: number
  /** WhatsApp refuses the client version of its linked devices (405) until an update is published */
  updateRequired?: boolean
  chats: Set<string>
  /** how WhatsApp addresses this number to the accounts (by phone unless set) */
  addressing?: SimAddressing
}

export interface SimGroup {
  id: string
  subject: string
  description?: string
  owner: string
  createdAt: number
  announce: boolean
  restrict: boolean
  participants: Map<string, GroupParticipant['role']>
  inviteCode: string
}

export const MAX_DEVICES = 4
const MAX_BACKLOG = 2_000

/** The simulated world's state and the helpers every part of the network shares. */
export class SimWorld {
  readonly phones = new Map<string, SimPhone>()
  readonly chats = new Map<string, SimMessage[]>()
  readonly messages = new Map<string, SimMessage>()
  readonly groups = new Map<string, SimGroup>()
  readonly removedDevices = new Set<string>()
  readonly media = new MediaStore()
  /** numbers that have (had) linked devices: the product's accounts */
  readonly accountNumbers = new Set<string>()
  private readonly lids = new Map<string, string>()
  readonly rules: SimRules
  readonly timings: SimTimings
  readonly rng: Rng
  /** delays and read decisions */
  readonly timing: Rng
  /** ids, codes and tokens */
  readonly ids: Rng
  readonly maxMessagesPerChat: number
  /** called when a message reaches a phone without linked devices (a customer) */
  readonly onCustomerReceived = new Set<(message: SimMessage, customer: string) => void>()
  /** called after the world changed, so a saved copy of it can follow */
  readonly onChange = new Set<() => void>()

  constructor(
    readonly clock: Clock,
    readonly options: SimNetworkOptions,
  ) {
    this.rules = { ...DEFAULT_RULES, ...options.rules }
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings }
    this.rng = new Rng(options.seed ?? 1)
    this.timing = this.rng.fork('timing')
    this.ids = this.rng.fork('ids')
    this.maxMessagesPerChat = options.maxMessagesPerChat ?? 1_000
  }

  phone(number: string): SimPhone | undefined {
    return this.phones.get(number)
  }

  ensurePhone(
    number: string,
    init: { name?: string; registered?: boolean; business?: boolean } = {},
  ): SimPhone {
    let p = this.phones.get(number)
    if (!p || Object.values(init).some((v) => v !== undefined)) this.changed()
    if (!p) {
      p = {
        number,
        name: init.name ?? `+${number}`,
        registered: init.registered ?? true,
        business: init.business,
        devices: new Map(),
        nextDeviceId: 1,
        sendTimes: [],
        newChatTimes: [],
        failConnects: 0,
        chats: new Set(),
      }
      this.phones.set(number, p)
    } else {
      if (init.name !== undefined) p.name = init.name
      if (init.registered !== undefined) p.registered = init.registered
      if (init.business !== undefined) p.business = init.business
    }
    return p
  }

  /** Whether a number is on WhatsApp; unknown numbers follow the `unknownNumbers` option. */
  isRegistered(number: string): boolean {
    const p = this.phones.get(number)
    if (p) return p.registered
    if ((this.options.unknownNumbers ?? 'register') === 'unregistered') return false
    this.ensurePhone(number)
    return true
  }

  directKey(a: string, b: string): string {
    return a < b ? `${a}|${b}` : `${b}|${a}`
  }

  /** A deterministic fake lid for a phone, so both address forms can be exercised. */
  lidOf(number: string): string {
    const lid = `${(hashSeed(number) % 9_000_000_000) + 1_000_000_000}${number.slice(-4)}@lid`
    this.lids.set(lid, number)
    return lid
  }

  /** The phone behind a lid handed out by `lidOf`. */
  phoneOfLid(lid: string): string | undefined {
    return this.lids.get(lid)
  }

  addMessage(m: SimMessage, members: string[]): void {
    const list = this.chats.get(m.chat) ?? []
    this.chats.set(m.chat, list)
    list.push(m)
    this.messages.set(m.id, m)
    if (list.length > this.maxMessagesPerChat) {
      for (const old of list.splice(0, list.length - this.maxMessagesPerChat)) {
        this.messages.delete(old.id)
        // a message's media goes with it: the chat bound is also the bound of the media held
        if (old.body.kind === 'media') this.media.delete(old.body.handle)
      }
    }
    for (const n of members) this.phones.get(n)?.chats.add(m.chat)
    this.changed()
  }

  /** Whether two parties ever exchanged a message (a "new chat" otherwise). */
  hasHistory(chat: string): boolean {
    return (this.chats.get(chat)?.length ?? 0) > 0
  }

  slotKey(number: string, deviceId: number): string {
    return `${number}:${deviceId}`
  }

  /**
   * Deliver an event to every linked device of a phone: at once when connected, into the
   * offline backlog otherwise (messages, receipts, identities and group changes only).
   */
  notifyPhone(number: string, ev: SimDeviceEvent, except?: SimDevice): void {
    const p = this.phones.get(number)
    if (!p) return
    this.changed()
    for (const slot of p.devices.values()) {
      if (slot.device === except && except) continue
      if (slot.device) slot.device.onEvent(ev)
      else if (
        ev.type === 'message' ||
        ev.type === 'receipt' ||
        ev.type === 'identity' ||
        ev.type.startsWith('group.')
      ) {
        slot.backlog.push(ev)
        if (slot.backlog.length > MAX_BACKLOG) slot.backlog.shift()
      }
    }
  }

  hasLinkedDevices(number: string): boolean {
    return (this.phones.get(number)?.devices.size ?? 0) > 0
  }

  /** Run later on the world's clock (receipts, replies, lifts). */
  later(ms: number, fn: () => void): Cancel {
    return this.clock.schedule(ms, () => {
      fn()
      this.changed()
    })
  }

  /** Tell the listeners the world changed (its state is to be saved again). */
  changed(): void {
    for (const fn of this.onChange) fn()
  }
}
