import type { ConsoleAgentView } from '@app/core'
import { Badge, Select, type SelectProps } from 'antd'
import { useTranslation } from 'react-i18next'

/** Pick an agent who may be given work (an enabled one), with whether they are online. */
export function AgentSelect({
  agents,
  exclude,
  ...props
}: {
  agents: ConsoleAgentView[]
  /** the agent the work is with already */
  exclude?: number
} & Omit<SelectProps<number>, 'options'>) {
  const { t } = useTranslation()
  const options = agents
    .filter((a) => a.active && a.id !== exclude)
    .map((a) => ({
      value: a.id,
      label: (
        <Badge
          status={a.online ? 'success' : 'default'}
          text={`${a.nickname} · ${a.online ? t('sessionConsole.online') : t('sessionConsole.offline')}`}
        />
      ),
      name: a.nickname,
    }))
  return (
    <Select<number>
      aria-label={t('sessionConsole.chooseAgent')}
      placeholder={t('sessionConsole.chooseAgent')}
      style={{ minWidth: 200 }}
      showSearch={{ optionFilterProp: 'name' }}
      options={options}
      {...props}
    />
  )
}
