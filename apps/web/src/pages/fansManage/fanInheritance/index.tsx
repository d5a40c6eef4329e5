import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Card, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { listDeskAccounts } from '../../../api/desk'
import { listInheritSources } from '../../../api/fanInheritance'
import { listLabels } from '../../../api/label'
import { InheritForm } from './InheritForm'
import { InheritRecords, recordKeys } from './InheritRecords'

const inheritKeys = {
  sources: ['inheritance', 'sources'] as const,
  targets: ['inheritance', 'targets'] as const,
  labels: ['inheritance', 'labels'] as const,
}

/**
 * /fansManage/fanInheritance: hand the fans of a banned, logged-out or deleted account to another
 * account of the tenant, and the record of every hand-over.
 */
export default function FanInheritancePage() {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const sources = useQuery({ queryKey: inheritKeys.sources, queryFn: listInheritSources })
  const targets = useQuery({ queryKey: inheritKeys.targets, queryFn: listDeskAccounts })
  const labels = useQuery({ queryKey: inheritKeys.labels, queryFn: listLabels })
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <Card title={t('inheritance.form.title')} loading={sources.isPending}>
        <Typography.Paragraph type="secondary">{t('inheritance.form.hint')}</Typography.Paragraph>
        <InheritForm
          sources={sources.data ?? []}
          targets={targets.data ?? []}
          labels={labels.data ?? []}
          onDone={() => {
            void qc.invalidateQueries({ queryKey: recordKeys.all })
            void qc.invalidateQueries({ queryKey: inheritKeys.sources })
            void qc.invalidateQueries({ queryKey: ['inheritance', 'fans'] })
          }}
        />
      </Card>
      <Card title={t('inheritance.records.title')}>
        <InheritRecords />
      </Card>
    </Flex>
  )
}
