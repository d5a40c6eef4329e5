import type { ConsoleAccountView, ConsoleAgentView } from '@app/core'
import { Card, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useConsoleActions } from '../useConsole'
import { AgentSelect } from './AgentSelect'

/** The accounts no agent works, each given to an agent in one step (its sessions with it). */
export function FreeAccounts({
  accounts,
  agents,
}: {
  accounts: ConsoleAccountView[]
  agents: ConsoleAgentView[]
}) {
  const { t } = useTranslation()
  const { assign } = useConsoleActions()
  const free = accounts.filter((a) => a.agentUserId === null)
  return (
    <Card size="small" title={t('sessionConsole.freeAccounts')} data-testid="console-free-accounts">
      {free.length === 0 ? (
        <Typography.Text type="secondary">{t('sessionConsole.noFreeAccounts')}</Typography.Text>
      ) : (
        <Flex gap={12} wrap>
          {free.map((a) => (
            <Flex key={a.id} gap={8} align="center" data-testid={`console-free-account-${a.id}`}>
              <Tag color="blue">{a.phone ? `+${a.phone}` : `#${a.id}`}</Tag>
              <Typography.Text type="secondary">
                {t('sessionConsole.accountSessions', { count: a.unallocated })}
              </Typography.Text>
              <AgentSelect
                agents={agents}
                size="small"
                value={null}
                placeholder={t('sessionConsole.assignTo')}
                disabled={assign.isPending}
                onChange={(userId) => assign.mutate({ accountIds: [a.id], userId })}
                data-testid={`console-free-assign-${a.id}`}
              />
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  )
}
