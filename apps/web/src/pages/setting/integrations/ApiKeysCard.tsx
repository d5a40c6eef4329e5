import { ExportOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons'
import type { ApiKeyCreated } from '@app/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import { ApiKeyFormModal } from './ApiKeyFormModal'
import { apiKeyColumns } from './apiKeyColumns'
import { IntegrationsKey, listApiKeys, revokeApiKey } from './integrationsApi'
import { SecretModal } from './SecretModal'

/** A link that opens in a new tab, and says so to a screen reader. */
function NewTabLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  const { t } = useTranslation()
  return (
    <Typography.Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} ${t('integrations.newTab')}`}
      data-testid={testId}
    >
      {label} <ExportOutlined aria-hidden />
    </Typography.Link>
  )
}

/** The tenant's API keys: the list, a new key (its secret shown once), revoking. */
export function ApiKeysCard() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [creating, setCreating] = useState(false)
  const [secret, setSecret] = useState<string | null>(null)
  const keys = useQuery({ queryKey: IntegrationsKey.apiKeys, queryFn: listApiKeys })
  const revoke = useMutation({
    mutationFn: (id: number) => revokeApiKey(id),
    onSuccess: () => {
      message.success(t('integrations.keys.revoked'))
      return qc.invalidateQueries({ queryKey: IntegrationsKey.apiKeys })
    },
  })
  const revokingId = revoke.isPending ? (revoke.variables ?? null) : null
  const columns = useMemo(
    () => apiKeyColumns(t, (k) => revoke.mutate(k.id), revokingId),
    [t, revoke.mutate, revokingId],
  )

  const created = (c: ApiKeyCreated) => {
    setCreating(false)
    setSecret(c.secret)
    void qc.invalidateQueries({ queryKey: IntegrationsKey.apiKeys })
  }
  const newKey = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setCreating(true)}
      data-testid="api-key-new"
    >
      {t('integrations.keys.create')}
    </Button>
  )
  return (
    <Card title={t('integrations.keys.title')} extra={newKey} data-testid="api-keys-card">
      <Flex vertical gap={12}>
        <Flex gap="4px 12px" wrap align="baseline">
          <Typography.Text>{t('integrations.docsIntro')}</Typography.Text>
          <NewTabLink href="/api/v1/docs" label={t('integrations.docsReference')} testId="api-docs-link" />
          <NewTabLink
            href="/api/v1/openapi.json"
            label={t('integrations.docsOpenApi')}
            testId="api-openapi-link"
          />
        </Flex>
        <DataTable
          rowKey="id"
          columns={columns}
          dataSource={keys.data ?? []}
          loading={keys.isLoading}
          pagination={false}
          size="middle"
          rowTestId={(k) => `api-key-row-${k.id}`}
          empty={
            <EmptyState
              title={t('integrations.keys.emptyTitle')}
              hint={t('integrations.keys.emptyHint')}
              action={{
                label: t('integrations.keys.create'),
                icon: <KeyOutlined />,
                onClick: () => setCreating(true),
                testId: 'api-key-empty-new',
              }}
              testId="api-keys-empty"
            />
          }
        />
      </Flex>
      <ApiKeyFormModal open={creating} onClose={() => setCreating(false)} onCreated={created} />
      <SecretModal
        secret={secret}
        title={t('integrations.keys.createdTitle')}
        label={t('integrations.keys.secretLabel')}
        usage={t('integrations.keys.secretUse')}
        onClose={() => setSecret(null)}
        testId="api-key-secret"
      />
    </Card>
  )
}
