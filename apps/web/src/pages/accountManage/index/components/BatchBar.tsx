import type { WsAccountView } from '@app/core'
import { Button, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ConfirmCountdownButton } from '../../../../components/ConfirmCountdownButton'

interface Props {
  rows: WsAccountView[]
  onReconnect: () => Promise<unknown>
  onLogout: () => Promise<unknown>
  onDelete: () => Promise<unknown>
  onRemark: () => void
  onMoveGroup: () => void
  onProxy: () => void
  onProfile: () => void
}

/** Actions on the selected accounts; disabled until some are selected. */
export function BatchBar({
  rows,
  onReconnect,
  onLogout,
  onDelete,
  onRemark,
  onMoveGroup,
  onProxy,
  onProfile,
}: Props) {
  const { t } = useTranslation()
  const none = rows.length === 0
  return (
    <Flex gap={8} align="center" wrap data-testid="account-batch">
      <Typography.Text type="secondary" data-testid="account-selected">
        {t('account.selected', { count: rows.length })}
      </Typography.Text>
      <Button
        disabled={none}
        onClick={() => void onReconnect().catch(() => undefined)}
        data-testid="account-batch-reconnect"
      >
        {t('account.reconnect')}
      </Button>
      <ConfirmCountdownButton
        disabled={none}
        danger
        title={t('account.logoutTitle')}
        content={t('account.batchLogoutText', { count: rows.length })}
        okText={t('account.logout')}
        onConfirm={onLogout}
        testId="account-batch-logout"
      >
        {t('account.logout')}
      </ConfirmCountdownButton>
      <ConfirmCountdownButton
        disabled={none}
        danger
        title={t('common.deleteConfirmTitle')}
        content={t('account.batchDeleteText', { count: rows.length })}
        okText={t('common.delete')}
        onConfirm={onDelete}
        testId="account-batch-delete"
      >
        {t('common.delete')}
      </ConfirmCountdownButton>
      <Button disabled={none} onClick={onRemark} data-testid="account-batch-remark">
        {t('account.setRemark')}
      </Button>
      <Button disabled={none} onClick={onMoveGroup} data-testid="account-batch-group">
        {t('account.moveGroup')}
      </Button>
      <Button disabled={none} onClick={onProxy} data-testid="account-batch-proxy">
        {t('account.setProxy')}
      </Button>
      <Button disabled={none} onClick={onProfile} data-testid="account-batch-profile">
        {t('merchants.profile.apply')}
      </Button>
    </Flex>
  )
}
