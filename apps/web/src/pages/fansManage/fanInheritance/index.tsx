import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Skeleton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { listDeskAccounts } from '../../../api/desk'
import { listInheritSources } from '../../../api/fanInheritance'
import { listLabels } from '../../../api/label'
import { PageFrame, PageSection } from '../../../components/page/PageFrame'
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
    <PageFrame title={t('menu.fanInheritance')} sections>
      {/* the page's heading names the form */}
      <PageSection>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('inheritance.form.hint')}
        </Typography.Paragraph>
        {sources.isPending ? <Skeleton active /> : null}
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
      </PageSection>
      <PageSection title={t('inheritance.records.title')}>
        <InheritRecords />
      </PageSection>
    </PageFrame>
  )
}
