import { DownOutlined } from '@ant-design/icons'
import { AccountState, type WsAccountView } from '@app/core'
import { Button, Dropdown, Flex, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { ConfirmCountdownButton } from '../../../../components/ConfirmCountdownButton'
import { formatPhone } from '../../../../utils/format'

export interface RowHandlers {
  onReconnect: (row: WsAccountView) => Promise<unknown>
  onRelinkQr: (row: WsAccountView) => void
  onRelinkCode: (row: WsAccountView) => void
  onLogout: (row: WsAccountView) => Promise<unknown>
  onDelete: (row: WsAccountView) => Promise<unknown>
  onRemark: (row: WsAccountView) => void
  onMoveGroup: (row: WsAccountView) => void
  onProxy: (row: WsAccountView) => void
}

/** What an account allows: a linked one reconnects from its stored keys, an unlinked one links again. */
function rowAbilities(row: WsAccountView) {
  const banned = row.status === AccountState.banned
  const busy = row.status === AccountState.online || row.status === AccountState.loggingIn
  return {
    reconnect: row.linked && !banned && !busy,
    relink: !row.linked && !banned && row.status !== AccountState.online,
    relinkByCode: !row.linked && !banned && row.status !== AccountState.online && !!row.phone,
    logout: row.linked || row.status === AccountState.loggingIn,
  }
}

export function RowActions({ row, handlers }: { row: WsAccountView; handlers: RowHandlers }) {
  const { t } = useTranslation()
  const can = rowAbilities(row)
  const name = row.phone ? formatPhone(row.phone) : `#${row.id}`
  const more: MenuProps['items'] = [
    ...(can.relinkByCode ? [{ key: 'code', label: t('account.addCode') }] : []),
    { key: 'remark', label: t('account.setRemark') },
    { key: 'group', label: t('account.moveGroup') },
    { key: 'proxy', label: t('account.setProxy') },
  ]
  const onMore: MenuProps['onClick'] = ({ key }) => {
    if (key === 'code') handlers.onRelinkCode(row)
    else if (key === 'remark') handlers.onRemark(row)
    else if (key === 'group') handlers.onMoveGroup(row)
    else if (key === 'proxy') handlers.onProxy(row)
  }
  return (
    // text-only buttons on one line: the action column is sized for their words
    <Flex gap={4} align="center" wrap={false}>
      {can.reconnect ? (
        <Button
          type="link"
          size="small"
          onClick={() => void handlers.onReconnect(row).catch(() => undefined)}
          data-testid={`account-reconnect-${row.id}`}
        >
          {t('account.reconnect')}
        </Button>
      ) : null}
      {can.relink ? (
        <Button
          type="link"
          size="small"
          onClick={() => handlers.onRelinkQr(row)}
          data-testid={`account-relink-${row.id}`}
        >
          {t('account.relink')}
        </Button>
      ) : null}
      {can.logout ? (
        <ConfirmCountdownButton
          type="link"
          size="small"
          danger
          title={t('account.logoutTitle')}
          content={t('account.logoutText', { phone: name })}
          okText={t('account.logout')}
          onConfirm={() => handlers.onLogout(row)}
          testId={`account-logout-${row.id}`}
        >
          {t('account.logout')}
        </ConfirmCountdownButton>
      ) : null}
      <ConfirmCountdownButton
        type="link"
        size="small"
        danger
        title={t('common.deleteConfirmTitle')}
        content={t('account.deleteText', { phone: name })}
        okText={t('common.delete')}
        onConfirm={() => handlers.onDelete(row)}
        testId={`account-delete-${row.id}`}
      >
        {t('common.delete')}
      </ConfirmCountdownButton>
      <Dropdown menu={{ items: more, onClick: onMore }} trigger={['click']}>
        <Button type="link" size="small" data-testid={`account-more-${row.id}`}>
          {t('account.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Flex>
  )
}
