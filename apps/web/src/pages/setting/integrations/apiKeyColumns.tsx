import type { ApiKeyView } from '@app/core'
import { Button, Flex, Popconfirm, Space, Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'
import type { PageColumn } from '../../../components/page/tableColumns'
import { actionsWidth } from '../../../components/page/tableColumns'
import { formatDate } from '../../../utils/date'
import { KeyStatusTag, keyStatus } from './status'

/** A time over a detail (who made it, from which address), both in one cell. */
const TwoLines = ({ top, bottom }: { top: string; bottom: string }) => (
  <Flex vertical>
    <span>{top}</span>
    <Typography.Text type="secondary">{bottom}</Typography.Text>
  </Flex>
)

/** The API keys table: what each key may do, from where, until when, and when it was last used. */
export function apiKeyColumns(
  t: TFunction,
  onRevoke: (key: ApiKeyView) => void,
  revokingId: number | null,
): PageColumn<ApiKeyView>[] {
  return [
    { key: 'name', title: t('integrations.keys.name'), dataIndex: 'name', width: 160, alwaysShown: true },
    {
      key: 'status',
      title: t('integrations.keys.status'),
      width: 100,
      render: (_, k) => <KeyStatusTag apiKey={k} />,
    },
    {
      key: 'prefix',
      title: t('integrations.keys.prefix'),
      width: 140,
      render: (_, k) => <Typography.Text code>{`${k.prefix}…`}</Typography.Text>,
    },
    {
      key: 'scopes',
      title: t('integrations.keys.scopes'),
      width: 180,
      render: (_, k) => (
        <Space size={[0, 4]} wrap>
          {k.scopes.map((s) => (
            <Tag key={s}>{t(`integrations.scope.${s}.label`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'allowedIps',
      title: t('integrations.keys.allowedIps'),
      width: 160,
      render: (_, k) =>
        k.allowedIps.length ? (
          <Flex vertical>
            {k.allowedIps.map((ip) => (
              <Typography.Text key={ip} code>
                {ip}
              </Typography.Text>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('integrations.keys.anyIp')}</Typography.Text>
        ),
    },
    {
      key: 'expiresAt',
      title: t('integrations.keys.expiresAt'),
      width: 170,
      render: (_, k) => (k.expiresAt === null ? t('integrations.keys.never') : formatDate(k.expiresAt)),
    },
    {
      key: 'created',
      title: t('integrations.keys.created'),
      width: 170,
      render: (_, k) => <TwoLines top={formatDate(k.createdAt)} bottom={k.createdBy} />,
    },
    {
      key: 'lastUsed',
      title: t('integrations.keys.lastUsed'),
      width: 170,
      render: (_, k) =>
        k.lastUsedAt === null ? (
          <Typography.Text type="secondary">{t('integrations.keys.neverUsed')}</Typography.Text>
        ) : (
          <TwoLines top={formatDate(k.lastUsedAt)} bottom={k.lastUsedIp ?? ''} />
        ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: actionsWidth([t('integrations.keys.revoke')]),
      actions: true,
      render: (_, k) =>
        keyStatus(k) === 'revoked' ? null : (
          <Popconfirm
            title={t('integrations.keys.revokeTitle', { name: k.name })}
            description={t('integrations.keys.revokeText')}
            okText={t('integrations.keys.revoke')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onRevoke(k)}
          >
            <Button
              type="link"
              size="small"
              danger
              loading={revokingId === k.id}
              data-testid={`api-key-revoke-${k.id}`}
            >
              {t('integrations.keys.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ]
}
