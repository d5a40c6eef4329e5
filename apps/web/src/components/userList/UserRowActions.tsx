import { Button, Flex } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmCountdownButton } from '../ConfirmCountdownButton'

/** What the server lets the caller do with a user row; a missing flag allows it. */
export interface UserRowCan {
  edit?: boolean
  resetPassword?: boolean
  delete?: boolean
  changeStatus?: boolean
}

export interface UserRowActionsProps {
  id: number
  /** test ids are `<prefix>-edit-<id>`, `<prefix>-reset-<id>`, `<prefix>-delete-<id>` */
  testIdPrefix: string
  can?: UserRowCan
  onEdit: () => void
  onResetPassword: () => void
  /** buttons between edit and reset password */
  extra?: ReactNode
  /** the delete button, with the dialog's text; none: no delete */
  remove?: { text: string; onConfirm: () => Promise<unknown> }
}

/** A user row's actions: edit, reset password and delete (after a countdown), each as the server allows. */
export function UserRowActions({
  id,
  testIdPrefix,
  can,
  onEdit,
  onResetPassword,
  extra,
  remove,
}: UserRowActionsProps) {
  const { t } = useTranslation()
  return (
    // text-only buttons on one line, so the action column stays narrow enough for the data beside it
    <Flex gap={4} wrap={false}>
      <Button
        type="link"
        size="small"
        disabled={can?.edit === false}
        onClick={onEdit}
        data-testid={`${testIdPrefix}-edit-${id}`}
      >
        {t('common.edit')}
      </Button>
      {extra}
      <Button
        type="link"
        size="small"
        disabled={can?.resetPassword === false}
        onClick={onResetPassword}
        data-testid={`${testIdPrefix}-reset-${id}`}
      >
        {t('platform.resetPassword')}
      </Button>
      {remove && (
        <ConfirmCountdownButton
          type="link"
          size="small"
          danger
          disabled={can?.delete === false}
          title={t('common.deleteConfirmTitle')}
          content={remove.text}
          okText={t('common.delete')}
          onConfirm={remove.onConfirm}
          testId={`${testIdPrefix}-delete-${id}`}
        >
          {t('common.delete')}
        </ConfirmCountdownButton>
      )}
    </Flex>
  )
}
