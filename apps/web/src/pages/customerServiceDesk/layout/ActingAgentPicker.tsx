import { UserSwitchOutlined } from '@ant-design/icons'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useDesk } from '../../../stores/desk'
import { useTenantAgents } from '../useTenantAgents'
import { DESK_SESSION_PATH } from './railEntries'

/** Value of the supervisor's own desk in the picker. */
const OWN = 0

/**
 * A supervisor opens the desk as one of their agents (spec §6 `customer-user-id`), or as
 * themselves. Choosing enters that agent's desk; an agent's desk open elsewhere gets code 433.
 */
export function ActingAgentPicker({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const acting = useDesk((s) => s.actingUserId)
  const agents = useTenantAgents()
  return (
    <Select
      size="small"
      value={acting ?? OWN}
      style={{ minWidth: compact ? 120 : 180, maxWidth: compact ? 160 : 260 }}
      suffixIcon={<UserSwitchOutlined />}
      aria-label={t('desk.header.actingAs')}
      data-testid="desk-acting-agent"
      loading={agents.isLoading}
      showSearch={{ optionFilterProp: 'search' }}
      onChange={(value: number) => {
        if ((acting ?? OWN) === value) return
        useDesk.getState().setActing(value === OWN ? null : value)
        void navigate(DESK_SESSION_PATH)
      }}
      options={[
        { value: OWN, search: t('desk.header.ownDesk'), label: t('desk.header.ownDesk') },
        ...(agents.data ?? []).map((a) => ({
          value: a.id,
          search: `${a.nickname} ${a.username}`,
          label: t('desk.header.agentOption', { name: a.nickname }),
        })),
      ]}
    />
  )
}
