import type { WsAccountView } from '@app/core'
import { type ButtonProps, Modal, Select, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useGroupOptions } from '../../useAccountGroups'

/** The select's value for "no group" (the API's null). */
const NO_GROUP = 0

interface Props {
  open: boolean
  rows: WsAccountView[]
  onClose: () => void
  onSubmit: (groupId: number | null) => Promise<unknown>
}

/** Move one or more accounts into a group, or out of any. */
export function MoveGroupModal({ open, rows, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const groups = useGroupOptions()
  const [groupId, setGroupId] = useState<number>(NO_GROUP)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (open) setGroupId(rows.length === 1 ? (rows[0]?.groupId ?? NO_GROUP) : NO_GROUP)
  }, [open, rows])

  const submit = async () => {
    setBusy(true)
    try {
      await onSubmit(groupId === NO_GROUP ? null : groupId)
      onClose()
    } catch {
      // shown by the request client; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('account.moveGroupTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'account-group-save' } as ButtonProps}
      destroyOnHidden
    >
      {rows.length > 1 ? (
        <Typography.Paragraph>{t('account.selected', { count: rows.length })}</Typography.Paragraph>
      ) : null}
      <Select
        value={groupId}
        onChange={setGroupId}
        options={[{ value: NO_GROUP, label: t('account.noGroup') }, ...groups]}
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        data-testid="account-group-select"
      />
    </Modal>
  )
}
