import { useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Flex, Input, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { listAgents, listDeskAccounts } from '../../../api/desk'
import type { InvalidFilters as Filters } from '../../../api/fanInheritance'

type Range = [Dayjs | null, Dayjs | null] | null

/**
 * The filters of the supervisor's invalid customers and deletion records: account, agent, a time
 * range (whole days) and a search; applied on Search (or Enter), cleared by Reset.
 */
export function InvalidFilters({ onChange }: { onChange: (f: Filters) => void }) {
  const { t } = useTranslation()
  const [accountId, setAccountId] = useState<number | undefined>()
  const [agentId, setAgentId] = useState<number | undefined>()
  const [range, setRange] = useState<Range>(null)
  const [keyword, setKeyword] = useState('')
  const accounts = useQuery({ queryKey: ['inheritance', 'targets'], queryFn: listDeskAccounts })
  const agents = useQuery({ queryKey: ['inheritance', 'agents'], queryFn: listAgents })

  const apply = (k = keyword) =>
    onChange({
      accountId,
      agentId,
      from: range?.[0]?.startOf('day').valueOf(),
      to: range?.[1]?.add(1, 'day').startOf('day').valueOf(),
      keyword: k.trim() || undefined,
    })
  const reset = () => {
    setAccountId(undefined)
    setAgentId(undefined)
    setRange(null)
    setKeyword('')
    onChange({})
  }

  return (
    <Flex wrap gap={12} style={{ marginBottom: 16 }} data-testid="invalid-filters">
      <Select
        allowClear
        style={{ width: 200 }}
        placeholder={t('inheritance.filters.account')}
        value={accountId}
        onChange={setAccountId}
        showSearch={{ optionFilterProp: 'label' }}
        options={(accounts.data ?? []).map((a) => ({
          value: a.id,
          label: a.phone ? `+${a.phone}` : `#${a.id}`,
        }))}
        data-testid="invalid-filter-account"
      />
      <Select
        allowClear
        style={{ width: 160 }}
        placeholder={t('inheritance.filters.agent')}
        value={agentId}
        onChange={setAgentId}
        showSearch={{ optionFilterProp: 'label' }}
        options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.nickname || a.username }))}
        data-testid="invalid-filter-agent"
      />
      <DatePicker.RangePicker
        value={range}
        onChange={(v) => setRange(v)}
        placeholder={[t('inheritance.filters.startTime'), t('inheritance.filters.endTime')]}
        data-testid="invalid-filter-range"
      />
      <Input.Search
        allowClear
        style={{ width: 240 }}
        placeholder={t('inheritance.filters.keyword')}
        value={keyword}
        maxLength={50}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => apply(v)}
        data-testid="invalid-filter-keyword"
      />
      <Button type="primary" onClick={() => apply()} data-testid="invalid-filter-search">
        {t('inheritance.filters.search')}
      </Button>
      <Button onClick={reset}>{t('inheritance.filters.reset')}</Button>
    </Flex>
  )
}
