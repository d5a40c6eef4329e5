import { checkLabelName, LABEL_NAME_MAX } from '@app/core'
import { useTranslation } from 'react-i18next'
import { NameFormModal } from '../NameFormModal'

interface Props {
  open: boolean
  /** the label being renamed; null creates one */
  editing: { id: number; name: string } | null
  onClose: () => void
  onSubmit: (name: string) => Promise<unknown>
}

/** Create or rename a label: no spaces, 2–20 characters (spec §5); the server checks it is unique. */
export function LabelFormModal({ open, editing, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  return (
    <NameFormModal
      open={open}
      initialName={editing?.name ?? ''}
      title={editing ? t('label.rename') : t('label.create')}
      label={t('label.name')}
      placeholder={t('label.namePlaceholder')}
      maxLength={LABEL_NAME_MAX}
      check={checkLabelName}
      onClose={onClose}
      onSubmit={onSubmit}
      testIds={{ dialog: 'label-dialog', save: 'label-save', input: 'label-name-input' }}
    />
  )
}
