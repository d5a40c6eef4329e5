import type { AcquisitionShareView } from '@app/core'
import { Button, Flex, Popconfirm, Table, type TableProps, Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { type AccountOption, shareLink } from '../../../../api/acquisition'
import { formatDate } from '../../../../utils/date'
import { accountLabel } from './format'
import { useCopy } from './useCopy'

type ShareStatus = 'active' | 'expired' | 'revoked'

interface Props {
  shares: AcquisitionShareView[]
  accounts: AccountOption[]
  /** whether `accounts` holds the tenant's accounts yet: until then a missing one is not called removed */
  accountsLoaded: boolean
  loading: boolean
  onRevoke: (share: AcquisitionShareView) => Promise<unknown>
}

const shareStatus = (share: AcquisitionShareView, now = Date.now()): ShareStatus =>
  share.revokedAt !== null
    ? 'revoked'
    : share.expiresAt !== null && share.expiresAt <= now
      ? 'expired'
      : 'active'

const STATUS_COLOR: Record<ShareStatus, string> = { active: 'green', expired: 'default', revoked: 'red' }

function accountsText(
  share: AcquisitionShareView,
  byId: Map<number, AccountOption> | null,
  t: TFunction,
): string {
  if (!share.accountIds) return t('acquisition.allAccounts')
  return share.accountIds
    .map((id) => {
      if (!byId) return `#${id}`
      const account = byId.get(id)
      return account
        ? accountLabel({ accountId: id, phone: account.phone }, t)
        : t('acquisition.removedAccount', { id })
    })
    .join(', ')
}

/** The tenant's share links: what each shows, until when, and copy or revoke. */
export function ShareList({ shares, accounts, accountsLoaded, loading, onRevoke }: Props) {
  const { t } = useTranslation()
  const copy = useCopy()
  const byId = accountsLoaded ? new Map(accounts.map((a) => [a.id, a])) : null
  const columns: TableProps<AcquisitionShareView>['columns'] = [
    {
      title: t('acquisition.share.link'),
      key: 'link',
      width: 280,
      render: (_, share) => (
        <Typography.Text ellipsis={{ tooltip: shareLink(share.code) }} style={{ maxWidth: 260 }}>
          {shareLink(share.code)}
        </Typography.Text>
      ),
    },
    {
      title: t('acquisition.share.accounts'),
      key: 'accounts',
      render: (_, share) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: true }} style={{ margin: 0 }}>
          {accountsText(share, byId, t)}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('acquisition.share.expiresAt'),
      dataIndex: 'expiresAt',
      width: 180,
      render: (v: number | null) => (v === null ? t('acquisition.share.never') : formatDate(v)),
    },
    {
      title: t('acquisition.share.status'),
      key: 'status',
      width: 100,
      render: (_, share) => {
        const status = shareStatus(share)
        return <Tag color={STATUS_COLOR[status]}>{t(`acquisition.share.status_${status}`)}</Tag>
      },
    },
    {
      title: t('acquisition.share.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, share) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            disabled={shareStatus(share) !== 'active'}
            onClick={() => void copy(shareLink(share.code))}
            data-testid={`acquisition-share-copy-${share.id}`}
          >
            {t('acquisition.share.copy')}
          </Button>
          {share.revokedAt === null && (
            <Popconfirm
              title={t('acquisition.share.revokeTitle')}
              description={t('acquisition.share.revokeText')}
              okText={t('acquisition.share.revoke')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onRevoke(share).catch(() => undefined)}
            >
              <Button type="link" size="small" danger data-testid={`acquisition-share-revoke-${share.id}`}>
                {t('acquisition.share.revoke')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      ),
    },
  ]
  return (
    <Table<AcquisitionShareView>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={shares}
      loading={loading}
      scroll={{ x: 1000 }}
      pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
      data-testid="acquisition-share-list"
    />
  )
}
