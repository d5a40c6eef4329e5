import { AlertOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Badge, Button, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { riskWarningCount } from '../../api/risk'
import { useSocketEvent, useSocketReconnect } from '../../realtime'

const KEY = ['risk', 'badge']

/** The supervisor's unhandled risk warnings: a count that a raised warning updates live; opens the warnings page. */
export function RiskBadge() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const count = useQuery({ queryKey: KEY, queryFn: riskWarningCount, staleTime: 60_000 })
  useSocketEvent('risk.warning', (e) => client.setQueryData(KEY, { unhandled: e.unhandled }))
  useSocketReconnect(() => void client.invalidateQueries({ queryKey: KEY }))
  const n = count.data?.unhandled ?? 0
  return (
    <Tooltip title={t('risk.warning.badge')}>
      <Badge count={n} size="small" offset={[-4, 4]} data-testid="risk-badge-count">
        <Button
          type="text"
          aria-label={t('risk.warning.badge')}
          icon={<AlertOutlined />}
          onClick={() => navigate('/riskManage/warning')}
          data-testid="risk-badge"
          data-count={n}
        />
      </Badge>
    </Tooltip>
  )
}
