import { type ExpiryGroup, Role } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Button, Checkbox, Flex, List, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dismissExpiry, expiryReminder } from '../api/billing'
import { useSession } from '../stores/session'
import { formatDate } from '../utils/date'

function Groups({ title, groups, testId }: { title: string; groups: ExpiryGroup[]; testId: string }) {
  const { t } = useTranslation()
  if (groups.length === 0) return null
  return (
    <List
      size="small"
      header={<Typography.Text strong>{title}</Typography.Text>}
      dataSource={groups}
      data-testid={testId}
      renderItem={(g) => (
        <List.Item>
          <span>{formatDate(g.expiryDate, 'YYYY-MM-DD')}</span>
          <span>{t('billing.reminder.count', { count: g.expiryTotal })}</span>
          <Typography.Text type={g.daysLeft <= 1 ? 'danger' : 'warning'}>
            {g.today ? t('billing.reminder.today') : t('billing.reminder.daysLeft', { count: g.daysLeft })}
          </Typography.Text>
        </List.Item>
      )}
    />
  )
}

/**
 * The supervisor's expiry reminder on entry: ports and seats ending within the configured days,
 * by date; "do not remind again" stops it for these records until their end moves.
 */
export function ExpiryReminder() {
  const { t } = useTranslation()
  const isMaster = useSession((s) => s.roles.includes(Role.customerMaster))
  const userId = useSession((s) => s.user?.id)
  // once per sign-in: a page reload in the same tab does not show it again. Read on every render,
  // since the user is known only once the profile has loaded, after the first render of a reload.
  const seenKey = `expiryReminderSeen:${userId ?? ''}`
  const [closedNow, setClosed] = useState(false)
  const closed = closedNow || userId === undefined || sessionStorage.getItem(seenKey) === '1'
  const [never, setNever] = useState(false)
  const reminder = useQuery({
    queryKey: ['billing', 'expiryReminder'],
    queryFn: expiryReminder,
    enabled: isMaster && !closed,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const r = reminder.data
  const open = !closed && !!r && (r.portExpiryList.length > 0 || r.seatExpiryList.length > 0)
  const close = async () => {
    setClosed(true)
    sessionStorage.setItem(seenKey, '1')
    if (never && r)
      await dismissExpiry({ portIdList: r.portIdList, seatIdList: r.seatIdList }).catch(() => undefined)
  }
  return (
    <Modal
      open={open}
      title={t('billing.reminder.title')}
      onCancel={close}
      footer={
        <Flex justify="space-between" align="center">
          <Checkbox checked={never} onChange={(e) => setNever(e.target.checked)} data-testid="expiry-never">
            {t('billing.reminder.never')}
          </Checkbox>
          <Button type="primary" onClick={close} data-testid="expiry-close">
            {t('common.ok')}
          </Button>
        </Flex>
      }
      data-testid="expiry-reminder"
    >
      <Typography.Paragraph>
        {t('billing.reminder.text', { days: r?.reminderDays ?? 0 })}
      </Typography.Paragraph>
      <Groups title={t('billing.kinds.port')} groups={r?.portExpiryList ?? []} testId="expiry-ports" />
      <Groups title={t('billing.kinds.seat')} groups={r?.seatExpiryList ?? []} testId="expiry-seats" />
    </Modal>
  )
}
