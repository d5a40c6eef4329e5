import type { ConsoleAccountView, ConsoleAgentView } from '@app/core'
import { type ButtonProps, Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConsoleActions } from '../useConsole'

/** Give WS accounts to one agent; an account another agent had leaves them, its sessions with it. */
export function AssignAccountsModal({
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
  const [ids, setIds] = useState<number[]>([])
  const { assign } = useConsoleActions()
  const close = () => {
    setIds([])
    onClose()
  }
  const nameOf = (id: number | null) => agents.find((a) => a.id === id)?.nickname ?? `#${id}`
  const options = accounts
    .filter((a) => a.agentUserId !== agent?.id)
    .map((a) => {
      const phone = a.phone ? `+${a.phone}` : `#${a.id}`
      const owner =
        a.agentUserId === null ? '' : ` · ${t('sessionConsole.ownedBy', { name: nameOf(a.agentUserId) })}`
      return { value: a.id, label: `${phone}${a.pushName ? ` (${a.pushName})` : ''}${owner}` }
    })
  return (
    <Modal
      open={!!agent}
      title={t('sessionConsole.assignTitle', { name: agent?.nickname ?? '' })}
      onCancel={close}
      onOk={() =>
        agent && ids.length
          ? assign.mutateAsync({ accountIds: ids, userId: agent.id }).then(close, () => undefined)
          : close()
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: ids.length === 0, 'data-testid': 'console-assign-save' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('sessionConsole.assignHint')}</Typography.Paragraph>
      <Select<number[]>
        mode="multiple"
        style={{ width: '100%' }}
        value={ids}
        onChange={setIds}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('sessionConsole.assignAccount')}
        data-testid="console-assign-accounts"
      />
    </Modal>
  )
}
