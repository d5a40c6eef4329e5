import { useQuery } from '@tanstack/react-query'
import { DatePicker, Form, Input, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { listAgents, listDeskAccounts } from '../../../api/desk'
import type { InvalidFilters as Filters } from '../../../api/fanInheritance'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { formatPhone } from '../../../utils/format'

type Range = [Dayjs | null, Dayjs | null] | null

interface Values {
  accountId?: number
  agentId?: number
  range?: Range
  keyword?: string
}

/**
 * The filters of the supervisor's invalid customers and deletion records: account, agent, a time
 * range (whole days) and a search; applied on Search (or Enter), cleared by Reset.
 */
export function InvalidFilters({ name, onChange }: { name: string; onChange: (f: Filters) => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const accounts = useQuery({ queryKey: ['inheritance', 'targets'], queryFn: listDeskAccounts })
  const agents = useQuery({ queryKey: ['inheritance', 'agents'], queryFn: listAgents })
  const all = t('common.all')

  return (
    <FilterBar<Values>
      form={form}
      name={name}
      onSearch={(v) =>
        onChange({
          accountId: v.accountId,
          agentId: v.agentId,
          from: v.range?.[0]?.startOf('day').valueOf(),
          to: v.range?.[1]?.add(1, 'day').startOf('day').valueOf(),
          keyword: v.keyword?.trim() || undefined,
        })
      }
      onReset={() => onChange({})}
      testId="invalid-filters"
      submitTestId="invalid-filter-search"
      resetTestId="invalid-filter-reset"
    >
      <FilterItem name="accountId" label={t('inheritance.filters.account')}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={all}
          showSearch={{ optionFilterProp: 'label' }}
          options={(accounts.data ?? []).map((a) => ({
            value: a.id,
            label: formatPhone(a.phone) || `#${a.id}`,
          }))}
          data-testid="invalid-filter-account"
        />
      </FilterItem>
      <FilterItem name="agentId" label={t('inheritance.filters.agent')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={all}
          showSearch={{ optionFilterProp: 'label' }}
          options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.nickname || a.username }))}
          data-testid="invalid-filter-agent"
        />
      </FilterItem>
      <FilterItem name="range" label={t('inheritance.filters.range')}>
        <DatePicker.RangePicker
          placeholder={[t('inheritance.filters.startTime'), t('inheritance.filters.endTime')]}
          data-testid="invalid-filter-range"
        />
      </FilterItem>
      <FilterItem name="keyword" label={t('fans.filters.keywordLabel')} testId="invalid-filter-keyword">
        <Input
          allowClear
          style={{ width: 200 }}
          placeholder={t('inheritance.filters.keyword')}
          maxLength={50}
        />
      </FilterItem>
    </FilterBar>
  )
}
