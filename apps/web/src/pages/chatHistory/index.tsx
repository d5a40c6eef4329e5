import type { HistoryHitView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Card, Flex } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { chatHistoryOptions, exportChatHistory } from '../../api/chatHistory'
import { currentLanguage } from '../../i18n'
import { formatDate } from '../../utils/date'
import './chatHistory.css'
import { ConversationDrawer } from './ConversationDrawer'
import type { HistoryFilterInput } from './filters'
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
  // every search asks again, even with the same filters: new messages keep arriving
  const [{ filters, run }, setSearch] = useState<{ filters: HistoryFilterInput; run: number }>({
    filters: {},
    run: 0,
  })
  const [open, setOpen] = useState<HistoryHitView | null>(null)
  const [exporting, setExporting] = useState(false)
  const options = useQuery({ queryKey: ['chatHistory', 'options'], queryFn: chatHistoryOptions })
  const results = useHistorySearch(filters, run)

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
    <Flex vertical gap={16}>
      <Card>
        <SearchForm
          options={options.data}
          loading={results.loading}
          exporting={exporting}
          onSearch={(next) => setSearch((s) => ({ filters: next, run: s.run + 1 }))}
          onExport={() => void exportNow()}
        />
      </Card>
      <Card>
        <HitTable results={results} keyword={filters.keyword} onOpen={setOpen} />
      </Card>
      <ConversationDrawer hit={open} onClose={() => setOpen(null)} />
    </Flex>
  )
}
