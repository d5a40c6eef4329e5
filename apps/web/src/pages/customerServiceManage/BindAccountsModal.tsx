import type { AgentRowView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { type ButtonProps, Modal, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageAccounts } from '../../api/account'
import { formatPhone } from '../../utils/format'

/** Choose exactly the WS accounts of one agent; an account another agent had moves to this one. */
export function BindAccountsModal({
  agent,
  onClose,
  onSubmit,
}: {
  agent: AgentRowView | null
  onClose: () => void
  onSubmit: (ids: number[]) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [ids, setIds] = useState<number[] | null>(null)
  const accounts = useQuery({
    queryKey: ['accounts', 'all-for-agents'],
    queryFn: () => pageAccounts({ pageNo: 1, pageSize: 100 }),
    enabled: !!agent,
  })
  const value = ids ?? agent?.accounts.map((a) => a.id) ?? []
  const close = () => {
    setIds(null)
    onClose()
  }
  return (
    <Modal
      open={!!agent}
      title={t('agents.bindTitle', { name: agent?.nickname ?? '' })}
      onCancel={close}
      onOk={() => onSubmit(value).then(close, () => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'agent-bind-save' } as ButtonProps}
      destroyOnHidden
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={value}
        onChange={setIds}
        loading={accounts.isFetching}
        placeholder={t('agents.bindHint')}
        data-testid="agent-bind-accounts"
        options={(accounts.data?.list ?? []).map((a) => ({
          value: a.id,
          label: formatPhone(a.phone) || `#${a.id}`,
        }))}
      />
    </Modal>
  )
}
