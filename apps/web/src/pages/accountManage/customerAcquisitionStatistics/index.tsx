import { ReloadOutlined, ShareAltOutlined } from '@ant-design/icons'
import type { AcquisitionShareView } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Form, Result } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type AcquisitionQuery,
  type AcquisitionShareInput,
  acquisitionStats,
  allAccounts,
  createAcquisitionShare,
  listAcquisitionShares,
  revokeAcquisitionShare,
} from '../../../api/acquisition'
import { PageFrame, PageSection } from '../../../components/page/PageFrame'
import { AccountSelect } from './components/AccountSelect'
import { AcquisitionTable } from './components/AcquisitionTable'
import { BreakdownTables } from './components/BreakdownTables'
import { LazyAcquisitionChart } from './components/LazyAcquisitionChart'
import { RangeFilter } from './components/RangeFilter'
import { type DayRange, defaultRange, toRequestRange } from './components/range'
import { ShareList } from './components/ShareList'
import { ShareModal } from './components/ShareModal'

const SHARES_KEY = ['acquisition', 'shares']

/** /accountManage/customerAcquisitionStatistics: new fans per account per day, and share links. */
export default function CustomerAcquisitionStatisticsPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [range, setRange] = useState<DayRange>(() => defaultRange())
  const [accountIds, setAccountIds] = useState<number[]>([])
  const [shareOpen, setShareOpen] = useState(false)

  const query = useMemo<AcquisitionQuery>(
    () => ({ ...toRequestRange(range), ...(accountIds.length ? { accountIds } : {}) }),
    [range, accountIds],
  )
  const accounts = useQuery({ queryKey: ['acquisition', 'accounts'], queryFn: allAccounts })
  const stats = useQuery({
    queryKey: ['acquisition', 'stats', query],
    queryFn: () => acquisitionStats(query),
    placeholderData: keepPreviousData,
  })
  const shares = useQuery({ queryKey: SHARES_KEY, queryFn: listAcquisitionShares })

  const create = useMutation({
    mutationFn: (input: AcquisitionShareInput) => createAcquisitionShare(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHARES_KEY }),
  })
  const revoke = useMutation({
    mutationFn: (share: AcquisitionShareView) => revokeAcquisitionShare(share.id),
    onSuccess: () => {
      message.success(t('acquisition.share.revoked'))
      return queryClient.invalidateQueries({ queryKey: SHARES_KEY })
    },
  })

  return (
    <PageFrame
      title={t('menu.customerAcquisitionStatistics')}
      sections
      actions={
        <>
          <Button
            icon={<ReloadOutlined />}
            loading={stats.isFetching}
            onClick={() => void stats.refetch()}
            data-testid="acquisition-refresh"
          >
            {t('common.refresh')}
          </Button>
          <Button
            type="primary"
            icon={<ShareAltOutlined />}
            onClick={() => setShareOpen(true)}
            data-testid="acquisition-share"
          >
            {t('acquisition.share.button')}
          </Button>
        </>
      }
    >
      <PageSection>
        {/* the statistics follow each choice at once: there is no list to search */}
        <Form name="acquisition-filters" layout="inline" style={{ rowGap: 12 }}>
          <Form.Item label={t('acquisition.range')}>
            <RangeFilter value={range} onChange={setRange} />
          </Form.Item>
          <Form.Item label={t('acquisition.account')}>
            <AccountSelect
              accounts={accounts.data ?? []}
              loading={accounts.isFetching}
              value={accountIds}
              onChange={setAccountIds}
              testId="acquisition-accounts"
              style={{ width: 320 }}
            />
          </Form.Item>
        </Form>
        {stats.isError && !stats.data ? (
          <Result
            status="warning"
            title={t('acquisition.loadFailed')}
            extra={<Button onClick={() => void stats.refetch()}>{t('acquisition.retry')}</Button>}
            data-testid="acquisition-load-failed"
          />
        ) : (
          <>
            <LazyAcquisitionChart stats={stats.data} />
            <AcquisitionTable stats={stats.data} loading={stats.isFetching} />
            <BreakdownTables stats={stats.data} loading={stats.isFetching} />
          </>
        )}
      </PageSection>
      <PageSection title={t('acquisition.share.listTitle')}>
        <ShareList
          shares={shares.data ?? []}
          accounts={accounts.data ?? []}
          accountsLoaded={accounts.isSuccess}
          loading={shares.isFetching}
          onRevoke={(share) => revoke.mutateAsync(share)}
        />
      </PageSection>
      <ShareModal
        open={shareOpen}
        accounts={accounts.data ?? []}
        initialAccountIds={accountIds}
        onClose={() => setShareOpen(false)}
        onCreate={create.mutateAsync}
      />
    </PageFrame>
  )
}
