import { Alert, Badge, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PortUsage } from '../../../../api/account'
import { useSocketConnected } from '../../../../realtime'

/**
 * Port usage (a new number needs a free unexpired port) and whether live updates are flowing.
 * No free port is said plainly, since linking would be refused.
 */
export function PortUsageBar({ usage }: { usage: PortUsage | undefined }) {
  const { t } = useTranslation()
  const live = useSocketConnected()
  return (
    <Flex vertical gap={8}>
      <Flex gap={16} align="center" wrap>
        {usage ? (
          <Typography.Text data-testid="port-usage" data-free={usage.free}>
            {t('account.portUsage', { ...usage })}
          </Typography.Text>
        ) : null}
        <Badge
          status={live ? 'success' : 'warning'}
          text={live ? t('account.liveOn') : t('account.liveOff')}
          data-testid="account-live"
        />
      </Flex>
      {usage && usage.free === 0 ? (
        <Alert type="warning" showIcon title={t('account.noFreePort')} data-testid="port-none" />
      ) : null}
    </Flex>
  )
}
