import type { ConsoleAccountView, ConsoleAgentView } from '@app/core'
import { Drawer, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { SessionTable } from './SessionTable'

/** One agent's sessions as their desk lists them (their unread), to give some to another agent. */
export function AgentSessionsDrawer({
  agent,
  agents,
  accounts,
  onClose,
}: {
  agent: ConsoleAgentView | null
  agents: ConsoleAgentView[]
  accounts: ConsoleAccountView[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Drawer
      open={!!agent}
      onClose={onClose}
      title={t('sessionConsole.agentSessions', { name: agent?.nickname ?? '' })}
      size={960}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('sessionConsole.moveHint')}</Typography.Paragraph>
      {agent ? (
        <SessionTable
          userId={agent.id}
          agents={agents}
          accounts={accounts}
          emptyText={t('sessionConsole.emptySessions')}
          testId="console-agent-sessions"
        />
      ) : null}
    </Drawer>
  )
}
