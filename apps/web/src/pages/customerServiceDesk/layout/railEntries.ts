import {
  BellOutlined,
  ClockCircleOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  DeleteOutlined,
  FolderOpenOutlined,
  HourglassOutlined,
  InteractionOutlined,
  LogoutOutlined,
  MessageOutlined,
  PushpinOutlined,
  RobotOutlined,
  SendOutlined,
  SettingOutlined,
  StopOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons'
import type { SessionFilterValue } from '@app/core'
import type { ComponentType } from 'react'

const DESK_BASE = '/customerServiceDesk'
export const DESK_SESSION_PATH = `${DESK_BASE}/deskSession`

/**
 * The desk's sidebar (spec §2 "Desk sidebar entries"): session filters with their counts, the
 * related-account view, the desk's other screens, settings and logout. Screens not built yet
 * open their route, which says so.
 */
export type RailEntry = {
  key: string
  icon: ComponentType
  /** session count shown beside it (POST …/session/counts) */
  count?: SessionFilterValue
} & (
  | { kind: 'filter'; filter: SessionFilterValue }
  | { kind: 'accounts' }
  /** the sessions waiting on our reply (the list with `waiting`), the longest waiting first */
  | { kind: 'waiting' }
  | { kind: 'route'; path: string }
  | { kind: 'action'; action: 'settings' | 'logout' }
)

export interface RailSection {
  key: string
  entries: RailEntry[]
}

const filter = (key: SessionFilterValue, icon: ComponentType): RailEntry => ({
  key,
  icon,
  kind: 'filter',
  filter: key,
  count: key,
})

const route = (key: string, icon: ComponentType, path: string, count?: SessionFilterValue): RailEntry => ({
  key,
  icon,
  kind: 'route',
  path: `${DESK_BASE}/${path}`,
  count,
})

export const RAIL_SECTIONS: RailSection[] = [
  {
    key: 'sessions',
    entries: [
      filter('all', MessageOutlined),
      filter('unread', BellOutlined),
      { key: 'waiting', icon: HourglassOutlined, kind: 'waiting' },
      filter('noReply', ClockCircleOutlined),
      filter('pinned', PushpinOutlined),
      filter('manual', CustomerServiceOutlined),
      filter('ai', RobotOutlined),
      { key: 'accountSessions', icon: CommentOutlined, kind: 'accounts' },
      filter('group', TeamOutlined),
    ],
  },
  {
    key: 'customers',
    entries: [
      route('myAccount', WhatsAppOutlined, 'myAccount'),
      route('myCustomer', UserOutlined, 'deskFansList'),
      route('invalidCustomer', StopOutlined, 'deskInvalidFansList', 'invalid'),
      route('deleteRecord', DeleteOutlined, 'deskInvalidFansDelete'),
      route('labelManage', TagsOutlined, 'labelManage'),
    ],
  },
  {
    key: 'marketing',
    entries: [
      route('massSend', SendOutlined, 'fanGroupSend'),
      route('myMaterial', FolderOpenOutlined, 'deskMaterialManage'),
      route('marketingInteraction', InteractionOutlined, 'marketingInteraction'),
      route('autoReply', ThunderboltOutlined, 'automaticReplyDesk'),
    ],
  },
  {
    key: 'system',
    entries: [
      { key: 'settings', icon: SettingOutlined, kind: 'action', action: 'settings' },
      { key: 'logout', icon: LogoutOutlined, kind: 'action', action: 'logout' },
    ],
  },
]

/** Where an entry goes (actions go nowhere). */
export function entryTarget(entry: RailEntry): string | null {
  switch (entry.kind) {
    case 'filter':
      return entry.filter === 'all' ? DESK_SESSION_PATH : `${DESK_SESSION_PATH}?filter=${entry.filter}`
    case 'accounts':
      return `${DESK_SESSION_PATH}?view=account`
    case 'waiting':
      return `${DESK_SESSION_PATH}?view=waiting`
    case 'route':
      return entry.path
    default:
      return null
  }
}

/** The entry of the page being shown. */
export function activeEntry(pathname: string, search: URLSearchParams): string | null {
  if (pathname === DESK_SESSION_PATH) {
    if (search.get('view') === 'account') return 'accountSessions'
    if (search.get('view') === 'waiting') return 'waiting'
    return search.get('filter') || 'all'
  }
  for (const section of RAIL_SECTIONS) {
    for (const entry of section.entries) {
      if (entry.kind === 'route' && entry.path === pathname) return entry.key
    }
  }
  return null
}
