import type { ConsoleAgentView } from '@app/core'
import { Flex, Tabs } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageFrame, PageSection } from '../../components/page/PageFrame'
import { AgentSessionsDrawer } from './components/AgentSessionsDrawer'
import { AgentsTable } from './components/AgentsTable'
import { AssignAccountsModal } from './components/AssignAccountsModal'
import { ConsoleSummary } from './components/ConsoleSummary'
import { FreeAccounts } from './components/FreeAccounts'
import { SessionTable } from './components/SessionTable'
import { useConsoleOverview } from './useConsole'

/**
 * /sessionConsole (the supervisor's): the unallocated sessions, with the accounts nobody works;
 * the agents with their counts and accounts. Sessions and accounts are given to agents from here,
 * and the agents' open desks follow at once.
 */
export default function SessionConsole() {
  const { t } = useTranslation()
  const overview = useConsoleOverview()
  const [tab, setTab] = useState('unallocated')
  const [viewing, setViewing] = useState<ConsoleAgentView | null>(null)
  const [assigning, setAssigning] = useState<ConsoleAgentView | null>(null)
  const agents = overview.data?.agents ?? []
  const accounts = overview.data?.accounts ?? []
  // the agent shown in the drawer or the dialog, with the counts of the latest read
  const current = (a: ConsoleAgentView | null) => (a ? (agents.find((x) => x.id === a.id) ?? a) : null)

  return (
    <PageFrame title={t('menu.sessionConsole')} sections>
      {/* the summary's figures are cards of their own, above the sections */}
      <ConsoleSummary overview={overview.data} />
      <PageSection>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'unallocated',
              label: (
                <span data-testid="console-tab-unallocated">
                  {t('sessionConsole.tabs.unallocated')} ({overview.data?.unallocated.sessions ?? 0})
                </span>
              ),
              children: (
                <Flex vertical gap={16}>
                  <FreeAccounts accounts={accounts} agents={agents} />
                  <SessionTable
                    agents={agents}
                    accounts={accounts}
                    emptyText={t('sessionConsole.emptyUnallocated')}
                    testId="console-unallocated"
                  />
                </Flex>
              ),
            },
            {
              key: 'allocated',
              label: <span data-testid="console-tab-allocated">{t('sessionConsole.tabs.allocated')}</span>,
              children: (
                <AgentsTable
                  agents={agents}
                  loading={overview.isPending}
                  onSessions={setViewing}
                  onAssign={setAssigning}
                />
              ),
            },
          ]}
        />
      </PageSection>
      <AgentSessionsDrawer
        agent={current(viewing)}
        agents={agents}
        accounts={accounts}
        onClose={() => setViewing(null)}
      />
      <AssignAccountsModal
        agent={current(assigning)}
        agents={agents}
        accounts={accounts}
        onClose={() => setAssigning(null)}
      />
    </PageFrame>
  )
}
