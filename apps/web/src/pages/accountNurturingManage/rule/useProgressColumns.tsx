import { formatDateTime, type NurturingProgressView } from '@app/core'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PageColumn } from '../../../components/page/tableColumns'

const STATE_COLORS: Record<string, string> = {
  waiting: 'default',
  active: 'processing',
  done: 'success',
  stopped: 'error',
}

/** The columns of the nurturing progress table, one row per nurtured account. */
export function useProgressColumns(offset: number): PageColumn<NurturingProgressView>[] {
  const { t } = useTranslation()
  return [
    {
      key: 'account',
      title: t('nurturing.progress.account'),
      dataIndex: 'phone',
      width: 150,
      alwaysShown: true,
      render: (p: string) => `+${p}`,
    },
    { key: 'tenant', title: t('nurturing.progress.tenant'), dataIndex: 'tenantName', ellipsis: true },
    // a deleted rule leaves its accounts' rows without a name or limits
    {
      key: 'rule',
      title: t('nurturing.progress.rule'),
      dataIndex: 'ruleName',
      width: 140,
      render: (v: string) => v || '—',
    },
    {
      key: 'partner',
      title: t('nurturing.progress.partner'),
      dataIndex: 'partnerPhone',
      width: 150,
      render: (p: string | null) => (p ? `+${p}` : '—'),
    },
    {
      key: 'days',
      title: t('nurturing.progress.days'),
      width: 100,
      render: (_, r) => (r.days > 0 ? `${r.daysDone} / ${r.days}` : '—'),
    },
    {
      key: 'today',
      title: t('nurturing.progress.today'),
      width: 100,
      render: (_, r) => (r.perDay > 0 ? `${r.sentToday} / ${r.perDay}` : '—'),
    },
    { key: 'total', title: t('nurturing.progress.total'), dataIndex: 'sentTotal', width: 100 },
    {
      key: 'state',
      title: t('nurturing.progress.state'),
      width: 170,
      render: (_, r) => (
        <Tag color={STATE_COLORS[r.state]}>
          {t(`nurturing.states.${r.state}`)}
          {r.stopReason ? `: ${t(`nurturing.reasons.${r.stopReason}`)}` : ''}
        </Tag>
      ),
    },
    {
      key: 'lastSentAt',
      title: t('nurturing.progress.lastSentAt'),
      dataIndex: 'lastSentAt',
      width: 170,
      render: (v: number | null) => (v ? formatDateTime(v, offset) : '—'),
    },
  ]
}
