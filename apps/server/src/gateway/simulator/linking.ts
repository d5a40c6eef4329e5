import { digitsOnly } from '../jid.js'
import { applyReceipt } from './routing.js'
import type { SimDevice, SimLink } from './types.js'
import { MAX_DEVICES, type SimWorld } from './world.js'

/** Why `scanQr` / `enterPairingCode` refused (thrown to the simulated phone's user). */
export class SimLinkError extends Error {
  override readonly name = 'SimLinkError'
  constructor(
    readonly code: 'qr_invalid' | 'code_invalid' | 'not_registered' | 'banned' | 'too_many_devices',
    message: string,
  ) {
    super(message)
  }
}

export type ConnectResult = { ok: true } | { ok: false; code: 401 | 403 | 405 | 408 | 500; detail: string }

interface Ticket {
  id: string
  device: SimDevice
  token?: string
  pairing?: { phone: string; code: string }
}

const QR_PREFIX = 'SIMLINK:'
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTVWXYZ123456789'

/** QR and pairing-code linking, and connecting linked devices, on the simulated network. */
export class Linker {
  private readonly tickets = new Map<string, Ticket>()
  /** devices refused for their client version, waiting for an update, by phone */
  private readonly awaitingUpdate = new Map<string, Set<SimDevice>>()
  private seq = 0

  constructor(private readonly world: SimWorld) {}

  open(device: SimDevice): string {
    const id = `t${++this.seq}`
    this.tickets.set(id, { id, device })
    return id
  }

  /** A new QR string for the ticket; the previous one stops working. */
  issueQr(ticketId: string): string {
    const t = this.tickets.get(ticketId)
    if (!t) throw new Error('login ticket closed')
    t.token = this.world.ids.hex(24)
    return `${QR_PREFIX}${t.token}`
  }

  /** An 8-character pairing code for `phone`, as WhatsApp shows it (no 0/O/I/U). */
  pairingCode(ticketId: string, phone: string): string {
    const t = this.tickets.get(ticketId)
    if (!t) throw new Error('login ticket closed')
    let code = ''
    for (let i = 0; i < 8; i++) code += this.world.ids.pick([...CODE_ALPHABET])
    t.pairing = { phone: digitsOnly(phone), code }
    return code
  }

  close(ticketId: string): void {
    this.tickets.delete(ticketId)
  }

  scanQr(phone: string, qr: string): SimLink {
    const token = qr.startsWith(QR_PREFIX) ? qr.slice(QR_PREFIX.length) : undefined
    const t = token ? [...this.tickets.values()].find((x) => x.token === token) : undefined
    if (!t) throw new SimLinkError('qr_invalid', 'this QR code is not valid (expired or already used)')
    return this.link(t, digitsOnly(phone))
  }

  enterPairingCode(phone: string, code: string): SimLink {
    const digits = digitsOnly(phone)
    const clean = code.replace(/[\s-]/g, '').toUpperCase()
    const t = [...this.tickets.values()].find((x) => x.pairing?.phone === digits && x.pairing.code === clean)
    if (!t) throw new SimLinkError('code_invalid', 'wrong or expired pairing code')
    return this.link(t, digits)
  }

  private link(t: Ticket, number: string): SimLink {
    const w = this.world
    const phone = w.ensurePhone(number)
    if (!phone.registered) throw new SimLinkError('not_registered', `+${number} is not on WhatsApp`)
    if (phone.bannedAt !== undefined) throw new SimLinkError('banned', `+${number} is banned`)
    if (phone.devices.size >= MAX_DEVICES)
      throw new SimLinkError('too_many_devices', 'this phone already has 4 linked devices')
    const deviceId = phone.nextDeviceId++
    const link: SimLink = { accountId: t.device.accountId, phone: number, deviceId, linkedAt: w.clock.now() }
    phone.devices.set(deviceId, { deviceId, accountId: link.accountId, linkedAt: link.linkedAt, backlog: [] })
    w.accountNumbers.add(number)
    w.changed()
    this.close(t.id)
    t.device.onEvent({ type: 'linked', link })
    return link
  }

  /**
   * A linked device connects (a resume, or the reconnect right after linking). The network may
   * have restarted since: a link it does not know is re-registered. A second connection of the
   * same link pushes the first out (440). The offline backlog is delivered on success.
   */
  connect(link: SimLink, device: SimDevice): ConnectResult {
    const w = this.world
    const phone = w.ensurePhone(link.phone)
    if (phone.bannedAt !== undefined) return { ok: false, code: 403, detail: 'banned' }
    if (w.removedDevices.has(w.slotKey(link.phone, link.deviceId)))
      return { ok: false, code: 401, detail: 'device removed' }
    if (phone.updateRequired) return { ok: false, code: 405, detail: 'Connection Failure' }
    if (phone.failConnects > 0) {
      phone.failConnects--
      return { ok: false, code: 500, detail: 'bad session' }
    }
    if (phone.outageUntil !== undefined && phone.outageUntil > w.clock.now())
      return { ok: false, code: 408, detail: 'connection lost' }
    w.accountNumbers.add(link.phone)
    let slot = phone.devices.get(link.deviceId)
    if (!slot) {
      slot = { deviceId: link.deviceId, accountId: link.accountId, linkedAt: link.linkedAt, backlog: [] }
      phone.devices.set(link.deviceId, slot)
      phone.nextDeviceId = Math.max(phone.nextDeviceId, link.deviceId + 1)
    }
    const previous = slot.device
    slot.device = device
    if (previous && previous !== device)
      previous.onEvent({
        type: 'closed',
        reason: 'replaced',
        code: 440,
        detail: 'replaced by another session',
      })
    const backlog = slot.backlog.splice(0)
    for (const ev of backlog) {
      device.onEvent(ev)
      if (ev.type === 'message' && ev.message.receipts.has(link.phone))
        applyReceipt(w, ev.message, link.phone, 'delivered')
    }
    return { ok: true }
  }

  /** A device refused for its client version is told when an update is out (`updatePublished`). */
  waitForUpdate(link: SimLink, device: SimDevice): void {
    const waiting = this.awaitingUpdate.get(link.phone) ?? new Set<SimDevice>()
    waiting.add(device)
    this.awaitingUpdate.set(link.phone, waiting)
  }

  updatePublished(number: string): void {
    const waiting = this.awaitingUpdate.get(number)
    this.awaitingUpdate.delete(number)
    for (const device of waiting ?? []) device.onEvent({ type: 'update_available' })
  }

  /** The device's socket closes (the device stays linked). */
  detach(link: SimLink, device: SimDevice): void {
    const slot = this.world.phone(link.phone)?.devices.get(link.deviceId)
    if (slot?.device === device) slot.device = undefined
  }

  /** The device is unlinked (logout, or removed on the phone). */
  unlink(link: SimLink): void {
    const phone = this.world.phone(link.phone)
    phone?.devices.delete(link.deviceId)
    this.world.removedDevices.add(this.world.slotKey(link.phone, link.deviceId))
    this.world.changed()
  }
}
