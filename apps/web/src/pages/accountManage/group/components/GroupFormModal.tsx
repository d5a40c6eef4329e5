import { type AccountGroupView, checkGroupName, GROUP_NAME_MAX } from '@app/core'
import { useTranslation } from 'react-i18next'
import { NameFormModal } from '../../../../components/NameFormModal'

interface Props {
  open: boolean
  /** the group being renamed; null creates one */
  editing: AccountGroupView | null
  onClose: () => void
  onSubmit: (name: string) => Promise<unknown>
}

/** Create or rename an account group: no spaces, at most 20 characters (spec §5). */
export function GroupFormModal({ open, editing, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  return (
    <NameFormModal
      open={open}
      initialName={editing?.name ?? ''}
      title={editing ? t('account.editGroup') : t('account.createGroup')}
      label={t('account.groupName')}
      placeholder={t('account.groupNamePlaceholder')}
      maxLength={GROUP_NAME_MAX}
      check={checkGroupName}
      onClose={onClose}
      onSubmit={onSubmit}
      testIds={{ dialog: 'group-dialog', save: 'group-save', input: 'group-name' }}
    />
  )
}
