import { DownloadOutlined } from '@ant-design/icons'
import type { HistoryHitView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Button, Form } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { chatHistoryOptions, exportChatHistory } from '../../api/chatHistory'
import { EmptyState } from '../../components/page/EmptyState'
import { PageFrame } from '../../components/page/PageFrame'
import { currentLanguage } from '../../i18n'
import { formatDate } from '../../utils/date'
import './chatHistory.css'
import { ConversationDrawer } from './ConversationDrawer'
import type { HistoryFilterInput, HistoryFormValues } from './filters'
import { HitTable } from './HitTable'
import { SearchForm } from './SearchForm'
import { useHistorySearch } from './useHistorySearch'

/**
 * /chatHistory/index: every message of the tenant, searched by account, customer, agent,
 * direction, type, time and keyword (marked in the results), a conversation opened read-only at a
 * hit, and the results exported to XLSX. For the supervisor and the team lead; nothing here writes.
 */
export default function ChatHistoryPage() {
  const { t } = useTranslation()
  const [form] = Form.useForm<HistoryFormValues>()
  // every search asks again, even with the same filters: new messages keep arriving
  const [{ filters, run }, setSearch] = useState<{ filters: HistoryFilterInput; run: number }>({
    filters: {},
    run: 0,
  })
  const [open, setOpen] = useState<HistoryHitView | null>(null)
  const [exporting, setExporting] = useState(false)
  const options = useQuery({ queryKey: ['chatHistory', 'options'], queryFn: chatHistoryOptions })
  const results = useHistorySearch(filters, run)
  const search = (next: HistoryFilterInput) => setSearch((s) => ({ filters: next, run: s.run + 1 }))
  const filtered = Object.keys(filters).length > 0

  const exportNow = async () => {
    setExporting(true)
    try {
      await exportChatHistory(
        { ...filters, utcOffsetMinutes: -new Date().getTimezoneOffset(), language: currentLanguage() },
        `${t('history.exportName')}-${formatDate(Date.now(), 'YYYYMMDDHHmmss')}.xlsx`,
      )
    } finally {
      setExporting(false)
    }
  }

  return (
    <PageFrame
      title={t('menu.chatHistory')}
      actions={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void exportNow()}
          data-testid="history-export"
        >
          {t('history.export')}
        </Button>
      }
    >
      <SearchForm form={form} options={options.data} onSearch={search} />
      <HitTable
        results={results}
        keyword={filters.keyword}
        onOpen={setOpen}
        empty={
          results.loading ? undefined : filtered ? (
            <EmptyState
              title={t('history.empty')}
              hint={t('page.emptyFilteredHint')}
              action={{
                label: t('page.clearFilters'),
                onClick: () => {
                  form.resetFields()
                  search({})
                },
                testId: 'empty-clear-filters',
              }}
            />
          ) : (
            <EmptyState title={t('history.emptyNone')} hint={t('history.emptyNoneHint')} />
          )
        }
      />
      <ConversationDrawer hit={open} onClose={() => setOpen(null)} />
    </PageFrame>
  )
}
