import type { ApiKeyView, WebhookDeliveryView, WebhookView } from '@app/core'
import { Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../utils/date'

type KeyStatus = 'active' | 'revoked' | 'expired'

/** A revoked key stays revoked; an unrevoked one is expired from its expiry on. */
export function keyStatus(key: ApiKeyView, now = Date.now()): KeyStatus {
  if (key.revokedAt !== null) return 'revoked'
  if (key.expiresAt !== null && key.expiresAt <= now) return 'expired'
  return 'active'
}

const KEY_COLOR: Record<KeyStatus, string> = { active: 'success', revoked: 'default', expired: 'warning' }

export function KeyStatusTag({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation()
  const status = keyStatus(apiKey)
  return <Tag color={KEY_COLOR[status]}>{t(`integrations.keyStatus.${status}`)}</Tag>
}

/**
 * On, or off and why: by the supervisor, or by the server after a day of failed deliveries (red,
 * since it needs the supervisor's attention). Failing deliveries say since when.
 */
export function HookStatusTag({ hook }: { hook: WebhookView }) {
  const { t } = useTranslation()
  const [color, label] = hook.enabled
    ? hook.failingSince === null
      ? ['success', 'on']
      : ['warning', 'failing']
    : hook.disabledReason === 'failing'
      ? ['error', 'offFailing']
      : ['default', 'offUser']
  return (
    <Flex vertical align="start" gap={2}>
      <Tag color={color}>{t(`integrations.hookStatus.${label}`)}</Tag>
      {hook.failingSince !== null ? (
        <Typography.Text type={hook.enabled ? 'warning' : 'danger'}>
          {t('integrations.hookStatus.since', { time: formatDate(hook.failingSince) })}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}

const DELIVERY_COLOR: Record<WebhookDeliveryView['state'], string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
}

export function DeliveryStateTag({ state }: { state: WebhookDeliveryView['state'] }) {
  const { t } = useTranslation()
  return <Tag color={DELIVERY_COLOR[state]}>{t(`integrations.deliveryState.${state}`)}</Tag>
}
