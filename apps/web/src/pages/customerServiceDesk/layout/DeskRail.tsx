import { CustomerServiceOutlined } from '@ant-design/icons'
import type { SessionCounts } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Badge, Flex, Tooltip, Typography } from 'antd'
import type { CSSProperties, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useSearchParams } from 'react-router'
import { sessionCounts } from '../../../api/desk'
import { DANGER_RED, SIDEBAR_ACTIVE_BG } from '../../../app/theme'
import { useDesk } from '../../../stores/desk'
import { deskKeys } from '../queryKeys'
import { activeEntry, entryTarget, RAIL_SECTIONS, type RailEntry } from './railEntries'

const itemStyle = (active: boolean, collapsed: boolean): CSSProperties => ({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  width: '100%',
  boxSizing: 'border-box',
  padding: collapsed ? '8px 0' : '5px 14px',
  justifyContent: collapsed ? 'center' : 'flex-start',
  border: 'none',
  borderRadius: 6,
  background: active ? SIDEBAR_ACTIVE_BG : 'transparent',
  color: active ? '#ffffff' : 'rgba(255, 255, 255, 0.85)',
  fontSize: 14,
  cursor: 'pointer',
  textDecoration: 'none',
  textAlign: 'start',
})

function Count({ name, value, strong }: { name: string; value: number; strong: boolean }) {
  return (
    <span
      data-testid={`desk-filter-count-${name}`}
      style={{
        marginInlineStart: 'auto',
        minWidth: 20,
        padding: '0 6px',
        borderRadius: 10,
        fontSize: 12,
        lineHeight: '18px',
        textAlign: 'center',
        background: strong && value > 0 ? DANGER_RED : 'rgba(255, 255, 255, 0.18)',
        color: '#ffffff',
      }}
    >
      {value > 999 ? '999+' : value}
    </span>
  )
}

/** Switching between session lists keeps the open chat open. */
function keepOpenSession(target: string | null, entry: RailEntry, sessionId: string | null): string | null {
  if (!target || !sessionId || entry.kind === 'route' || entry.kind === 'action') return target
  return `${target}${target.includes('?') ? '&' : '?'}sessionId=${encodeURIComponent(sessionId)}`
}

/**
 * The desk's own left rail (not the console menu): every sidebar entry of the spec, with the
 * session counts beside the filters; it folds to icons.
 */
export function DeskRail({
  collapsed,
  onAction,
}: {
  collapsed: boolean
  onAction: (action: 'settings' | 'logout') => void
}) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [search] = useSearchParams()
  const active = activeEntry(pathname, search)
  const ready = useDesk((s) => s.status === 'ready')
  const counts = useQuery({ queryKey: deskKeys.counts(), queryFn: () => sessionCounts(), enabled: ready })

  const render = (entry: RailEntry): ReactNode => {
    const Icon = entry.icon
    const label = t(`desk.rail.${entry.key}`)
    const value = entry.count && counts.data ? (counts.data as SessionCounts)[entry.count] : undefined
    const isActive = active === entry.key
    // the count belongs to the entry's name: it is read out with it, and folded it is in the tooltip
    const name = value !== undefined ? `${label} (${value})` : label
    const body = (
      <>
        {collapsed && value !== undefined && entry.count === 'unread' ? (
          <Badge count={value} size="small" offset={[4, -2]}>
            <span style={{ color: 'inherit', fontSize: 16 }}>
              <Icon />
            </span>
          </Badge>
        ) : (
          <span style={{ fontSize: 16, display: 'inline-flex' }}>
            <Icon />
          </span>
        )}
        {collapsed ? null : (
          <>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {label}
            </span>
            {value !== undefined ? (
              <Count name={entry.key} value={value} strong={entry.count === 'unread'} />
            ) : null}
          </>
        )}
      </>
    )
    const target = keepOpenSession(entryTarget(entry), entry, search.get('sessionId'))
    const common = {
      'data-testid': `desk-filter-${entry.key}`,
      // folded, the icon has no text: the name (and count) is its label; unfolded, the text shown is
      // the name, as a screen reader reads it
      'aria-label': collapsed ? name : undefined,
      'aria-current': isActive ? ('page' as const) : undefined,
      style: itemStyle(isActive, collapsed),
    }
    const element =
      target !== null ? (
        <Link to={target} {...common}>
          {body}
        </Link>
      ) : (
        <button type="button" onClick={() => entry.kind === 'action' && onAction(entry.action)} {...common}>
          {body}
        </button>
      )
    return (
      <li key={entry.key} style={{ listStyle: 'none' }}>
        {collapsed ? (
          <Tooltip title={name} placement="right">
            {element}
          </Tooltip>
        ) : (
          element
        )}
      </li>
    )
  }

  return (
    <Flex vertical style={{ height: '100%' }} data-testid="desk-rail">
      <Flex
        align="center"
        justify={collapsed ? 'center' : 'flex-start'}
        gap={8}
        style={{ height: 52, padding: collapsed ? 0 : '0 16px', color: '#ffffff', flex: 'none' }}
      >
        <CustomerServiceOutlined style={{ fontSize: 20 }} />
        {collapsed ? null : (
          <Typography.Text strong style={{ color: '#ffffff', fontSize: 16 }} ellipsis>
            {t('desk.title')}
          </Typography.Text>
        )}
      </Flex>
      <nav style={{ flex: 1, overflowY: 'auto', padding: collapsed ? '0 6px 12px' : '0 8px 12px' }}>
        {RAIL_SECTIONS.map((section) => (
          <div key={section.key} style={{ marginBottom: 4 }}>
            {collapsed ? (
              <div style={{ height: 1, margin: '6px 8px', background: 'rgba(255, 255, 255, 0.2)' }} />
            ) : (
              <div style={{ padding: '6px 14px 2px', fontSize: 12, color: 'rgba(255, 255, 255, 0.85)' }}>
                {t(`desk.rail.sections.${section.key}`)}
              </div>
            )}
            <ul style={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
              {section.entries.map(render)}
            </ul>
          </div>
        ))}
      </nav>
    </Flex>
  )
}
