import type {
  AccountId,
  DisconnectKind,
  GroupInfo,
  MediaKind,
  ParticipantAction,
} from '../messaging-gateway.js'

/** A linked device: what the product keeps so a restart resumes without a QR. */
export interface SimLink {
  accountId: AccountId
  /** digits of the WhatsApp number the device is linked to */
  phone: string
  deviceId: number
  linkedAt: number
}

/** Message body as the network holds it, independent of who looks at it. */
export type SimBody =
  | { kind: 'text'; text: string }
  | {
      kind: 'media'
      media: MediaKind
      handle: string
      mimetype: string
      sizeBytes: number
      caption?: string
      fileName?: string
      seconds?: number
      voiceNote?: boolean
      gif?: boolean
      width?: number
      height?: number
      /** a photo or video of an album: the album header's message id */
      albumId?: string
    }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { kind: 'contacts'; displayName?: string; vcards: string[] }
  /** a view-once photo, video or voice note: linked devices are never given its content */
  | { kind: 'viewOnce'; media: 'image' | 'video' | 'audio' }
  | { kind: 'poll'; question: string; options: string[]; selectable: number }
  /** an album's header; its media follow as messages naming it */
  | { kind: 'album'; images: number; videos: number }
  | { kind: 'reaction'; targetId: string; emoji: string | null }
  | { kind: 'revoke'; targetId: string }
  | { kind: 'edit'; targetId: string; text: string }

/** Delivery as the sender sees it, per recipient. */
export type SimReceipt = 'sent' | 'delivered' | 'read' | 'played'

export interface SimMessage {
  id: string
  /** chat key: 'a|b' (sorted digits) or a group jid */
  chat: string
  /** sender digits */
  from: string
  /** recipient digits, or the group jid */
  to: string
  body: SimBody
  timestamp: number
  quotedId?: string
  mentions?: string[]
  /** recipient digits → furthest receipt */
  receipts: Map<string, SimReceipt>
  revoked?: boolean
  editedText?: string
  reactions?: Map<string, string>
  /** sent through a linked device (the product) rather than from the phone app */
  viaDevice?: boolean
}

/** What the network tells a linked device (the simulator gateway's side of a socket). */
export type SimDeviceEvent =
  | { type: 'linked'; link: SimLink }
  | { type: 'message'; message: SimMessage; live: boolean }
  | { type: 'receipt'; message: SimMessage; status: 'server_ack' | SimReceipt; by?: string; at: number }
  | { type: 'closed'; reason: DisconnectKind; code: number; detail?: string }
  | { type: 'restriction'; until: number | null }
  /** a client version WhatsApp accepts is out (what a version refresh would find) */
  | { type: 'update_available' }
  /** a customer's phone behind its hidden id, told to the accounts that chat with it */
  | { type: 'identity'; pn: string; lid: string }
  | { type: 'group.updated'; group: Partial<GroupInfo> & { id: string } }
  | {
      type: 'group.participants'
      groupId: string
      action: ParticipantAction
      participants: string[]
      author?: string
    }

export interface SimDevice {
  readonly accountId: AccountId
  onEvent(event: SimDeviceEvent): void
}

/** What a simulated customer can send; media bytes default to generated samples. */
export type CustomerContent =
  | { kind: 'text'; text: string }
  | { kind: 'image'; data?: Buffer; mimetype?: string; caption?: string }
  | { kind: 'video'; data?: Buffer; mimetype?: string; caption?: string; gif?: boolean; seconds?: number }
  | { kind: 'audio'; data?: Buffer; mimetype?: string; voiceNote?: boolean; seconds?: number }
  | { kind: 'document'; data?: Buffer; mimetype?: string; fileName?: string; caption?: string }
  | { kind: 'sticker'; data?: Buffer; mimetype?: string }
  | { kind: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { kind: 'contact'; name: string; phone: string }
  | { kind: 'contacts'; displayName?: string; vcards: string[] }
  | { kind: 'viewOnce'; media?: 'image' | 'video' | 'audio' }
  /** `selectable`: how many options a voter may pick, 0 for any number (default) */
  | { kind: 'poll'; question: string; options: string[]; selectable?: number }

export interface SimRules {
  /** sends per rolling minute from one account phone above which WhatsApp bans it */
  sendLimitPerMinute: number
  /** new chats per rolling hour above which the reach-out time-lock starts */
  newChatsPerHour: number
  /** how long the time-lock lasts */
  timeLockMs: number
}

export interface SimTimings {
  serverAckMs: [number, number]
  /** a customer's phone receives the message */
  deliverMs: [number, number]
  /** a customer reads it after delivery */
  readMs: [number, number]
  /** share of messages a customer reads at all */
  readProbability: number
  /** a customer plays a voice note after reading */
  playMs: [number, number]
}

export interface SimNetworkOptions {
  seed?: number
  rules?: Partial<SimRules>
  timings?: Partial<SimTimings>
  /** numbers the network has never seen: 'register' creates them on WhatsApp, 'unregistered' treats them as absent */
  unknownNumbers?: 'register' | 'unregistered'
  /** messages kept per chat (the oldest are dropped) */
  maxMessagesPerChat?: number
  /** QR refs per login (first lives 60 s, the rest 20 s) */
  qrRefs?: number
}

export const DEFAULT_RULES: SimRules = { sendLimitPerMinute: 60, newChatsPerHour: 30, timeLockMs: 3_600_000 }
export const DEFAULT_TIMINGS: SimTimings = {
  serverAckMs: [80, 300],
  deliverMs: [300, 4_000],
  readMs: [2_000, 60_000],
  readProbability: 0.85,
  playMs: [1_000, 10_000],
}
