import { AccountState, type WsAccountView } from '@app/core'
import { Flex, Tag, type TagProps, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../utils/date'

type StatusFields = Pick<WsAccountView, 'id' | 'status' | 'abnormalReason' | 'bannedAt' | 'restrictedUntil'>

const colors: Record<WsAccountView['status'], TagProps['color']> = {
  offline: 'default',
  logging_in: 'processing',
  online: 'success',
  abnormal: 'warning',
  banned: 'error',
}

/**
 * An account's status (spec §4): abnormal names its reason, banned shows when; an online account
 * under WhatsApp's reach-out time-lock says until when it cannot start new chats.
 */
export function StatusTag({ account, now = Date.now() }: { account: StatusFields; now?: number }) {
  const { t } = useTranslation()
  const { id, status, abnormalReason, bannedAt, restrictedUntil } = account
  const label =
    status === AccountState.abnormal && abnormalReason
      ? t('account.abnormalWith', { reason: t(`account.reasons.${abnormalReason}`) })
      : t(`account.states.${status}`)
  let note: string | null = null
  if (status === AccountState.banned && bannedAt) note = t('account.bannedAt', { time: formatDate(bannedAt) })
  else if (status === AccountState.online && restrictedUntil === 0) note = t('account.restrictedUnknown')
  else if (status === AccountState.online && restrictedUntil && restrictedUntil > now)
    note = t('account.restrictedUntil', { time: formatDate(restrictedUntil) })
  return (
    <Flex vertical gap={2} align="flex-start" data-testid={`account-status-${id}`} data-status={status}>
      <Tag color={colors[status]} style={{ marginInlineEnd: 0 }}>
        {label}
      </Tag>
      {note ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}
