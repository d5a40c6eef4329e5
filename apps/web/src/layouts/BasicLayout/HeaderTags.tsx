import { Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useRiskStatus } from '../../hooks/useRiskStatus'
import { useIsCustomerMaster, useSession } from '../../stores/session'
import { formatDate } from '../../utils/date'

/**
 * customerMaster only (spec §6): tenant risk tag, special-channel tag and VIP expiry. On a phone
 * only the risk tag fits; the home page shows the rest.
 */
export function HeaderTags({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  const isMaster = useIsCustomerMaster()
  const { data: risk } = useRiskStatus(isMaster)
  if (!user || !isMaster) return null
  const riskStatus = risk ?? user.riskStatus
  const special = user.specialChannelData.tenantSpecialChannel || user.specialChannelData.specialChannel
  const end = user.validDate[1]
  const date = end ? formatDate(end, 'YYYY-MM-DD') : ''
  return (
    <Flex align="center" gap={4} wrap={compact ? false : 'wrap'}>
      <Tag color={riskStatus === 1 ? 'red' : 'green'} data-testid="risk-tag">
        {riskStatus === 1 ? t('layout.riskUnder') : t('layout.riskNormal')}
      </Tag>
      {special && !compact ? (
        <Tag color="gold" data-testid="special-channel-tag">
          {t('layout.specialChannel')}
        </Tag>
      ) : null}
      {date && !compact ? (
        <Typography.Text type={user.vipExpired ? 'danger' : 'secondary'} data-testid="vip-expiry">
          {user.vipExpired ? t('layout.vipExpiredOn', { date }) : t('layout.vipValidUntil', { date })}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}
