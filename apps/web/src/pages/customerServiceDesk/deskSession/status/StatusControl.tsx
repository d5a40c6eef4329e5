import { CheckOutlined, DownOutlined, UndoOutlined } from '@ant-design/icons'
import type { DeskSessionView, SessionStatusValue } from '@app/core'
import { Button, Dropdown, type MenuProps, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyDialog } from '../../lazyDialog'

// the date picker loads when a time is first picked
const SnoozeModal = lazyDialog(() => import('./SnoozeModal').then((m) => m.SnoozeModal))

const HOUR_MS = 3_600_000
/** The snooze "until tomorrow" ends at this hour, the viewer's time. */
const TOMORROW_HOUR = 9

/** Tomorrow at 9:00 in the viewer's time zone. */
export function tomorrowMorning(now = new Date()): number {
  const d = new Date(now)
  d.setDate(d.getDate() + 1)
  d.setHours(TOMORROW_HOUR, 0, 0, 0)
  return d.getTime()
}

type MenuKey = 'pending' | 'snoozeHour' | 'snoozeTomorrow' | 'snoozePick' | 'reopen'

export type ChangeStatus = (
  ids: number[],
  status: SessionStatusValue,
  snoozeUntil?: number,
) => Promise<boolean>

/**
 * The open chat's status control: Resolve (or Reopen once resolved) and a menu for Pending,
 * Snooze 1 h, until tomorrow 9:00 or until a time picked, and Reopen.
 */
export function StatusControl({ session, onChange }: { session: DeskSessionView; onChange: ChangeStatus }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [picking, setPicking] = useState(false)
  const status = session.status ?? 'open'
  const resolved = status === 'resolved'

  const run = async (next: SessionStatusValue, snoozeUntil?: number) => {
    setBusy(true)
    const ok = await onChange([session.id], next, snoozeUntil)
    setBusy(false)
    return ok
  }

  const keys: MenuKey[] = []
  if (status !== 'pending') keys.push('pending')
  keys.push('snoozeHour', 'snoozeTomorrow', 'snoozePick')
  if (status === 'pending' || status === 'snoozed') keys.push('reopen')
  const items: MenuProps['items'] = keys.map((key) => ({
    key,
    label: (
      <span data-testid={`desk-status-${key}`}>
        {t(key === 'reopen' ? 'desk.status.reopen' : `desk.status.${key}`)}
      </span>
    ),
  }))

  const onMenu = (key: MenuKey) => {
    if (key === 'pending') void run('pending')
    else if (key === 'reopen') void run('open')
    else if (key === 'snoozeHour') void run('snoozed', Date.now() + HOUR_MS)
    else if (key === 'snoozeTomorrow') void run('snoozed', tomorrowMorning())
    else setPicking(true)
  }

  return (
    <>
      <Space.Compact size="small">
        <Button
          icon={resolved ? <UndoOutlined /> : <CheckOutlined />}
          loading={busy}
          onClick={() => void run(resolved ? 'open' : 'resolved')}
          data-testid={resolved ? 'desk-status-reopen-button' : 'desk-status-resolve'}
        >
          {resolved ? t('desk.status.reopen') : t('desk.status.resolve')}
        </Button>
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{ items, onClick: ({ key }) => onMenu(key as MenuKey) }}
        >
          <Button
            icon={<DownOutlined />}
            disabled={busy}
            aria-label={t('desk.status.more')}
            data-testid="desk-status-menu"
          />
        </Dropdown>
      </Space.Compact>
      <SnoozeModal
        open={picking}
        onClose={() => setPicking(false)}
        onPick={async (until) => {
          if (await run('snoozed', until)) setPicking(false)
        }}
      />
    </>
  )
}
