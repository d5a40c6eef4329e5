import {
  HISTORY_CUSTOMER_MAX,
  HISTORY_EXPORT_ROWS_MAX,
  HISTORY_INDEXED_KEYWORD_MIN,
  HISTORY_KEYWORD_MAX,
  HISTORY_MESSAGE_TYPES,
  HISTORY_SHORT_SCAN_MAX,
  type HistoryOptionsView,
  MESSAGE_DIRECTIONS,
} from '@app/core'
import { DatePicker, type FormInstance, Input, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { FilterBar, FilterItem } from '../../components/page/FilterBar'
import { type HistoryFilterInput, type HistoryFormValues, toFilters } from './filters'

interface Props {
  form: FormInstance<HistoryFormValues>
  options: HistoryOptionsView | undefined
  onSearch(filters: HistoryFilterInput): void
}

const accountLabel = (a: HistoryOptionsView['accounts'][number]) =>
  [a.phone, a.name && a.name.replace(/\D/g, '') !== a.phone ? a.name : ''].filter(Boolean).join(' ')

/**
 * The filters of the chat history: every field narrows; none given lists the newest messages.
 * Reset empties them and lists the newest messages again.
 */
export function SearchForm({ form, options, onSearch }: Props) {
  const { t } = useTranslation()
  const fmt = (n: number) => n.toLocaleString()
  return (
    <>
      <FilterBar<HistoryFormValues>
        form={form}
        name="history-filters"
        onSearch={(values) => onSearch(toFilters(values))}
        testId="history-form"
        submitTestId="history-search"
        resetTestId="history-reset"
      >
        <FilterItem name="keyword" label={t('history.keyword')}>
          <Input
            allowClear
            maxLength={HISTORY_KEYWORD_MAX}
            placeholder={t('history.keywordPlaceholder')}
            style={{ width: 220 }}
            data-testid="history-keyword"
          />
        </FilterItem>
        <FilterItem name="accountIds" label={t('history.accounts')}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            optionFilterProp="label"
            placeholder={t('history.accountsPlaceholder')}
            options={options?.accounts.map((a) => ({ value: a.id, label: accountLabel(a) }))}
            style={{ width: 220 }}
            data-testid="history-accounts"
          />
        </FilterItem>
        <FilterItem name="customer" label={t('history.customer')}>
          <Input
            allowClear
            maxLength={HISTORY_CUSTOMER_MAX}
            placeholder={t('history.customerPlaceholder')}
            style={{ width: 180 }}
            data-testid="history-customer"
          />
        </FilterItem>
        <FilterItem name="agentId" label={t('history.agent')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('history.agentPlaceholder')}
            options={options?.agents.map((a) => ({ value: a.id, label: a.name }))}
            style={{ width: 160 }}
            data-testid="history-agent"
          />
        </FilterItem>
        <FilterItem name="direction" label={t('history.direction')}>
          <Select
            allowClear
            placeholder={t('history.directionPlaceholder')}
            options={MESSAGE_DIRECTIONS.map((d) => ({ value: d, label: t(`history.directions.${d}`) }))}
            style={{ width: 130 }}
            data-testid="history-direction"
          />
        </FilterItem>
        <FilterItem name="types" label={t('history.types')}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('history.typesPlaceholder')}
            options={HISTORY_MESSAGE_TYPES.map((k) => ({ value: k, label: t(`history.messageTypes.${k}`) }))}
            style={{ width: 200 }}
            data-testid="history-types"
          />
        </FilterItem>
        <FilterItem name="range" label={t('history.range')}>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            placeholder={[t('history.rangeStart'), t('history.rangeEnd')]}
            data-testid="history-range"
          />
        </FilterItem>
      </FilterBar>
      <Typography.Text type="secondary">
        {t('history.exportHint', { max: fmt(HISTORY_EXPORT_ROWS_MAX) })}
        {' · '}
        {t('history.shortKeywordHint', {
          min: HISTORY_INDEXED_KEYWORD_MIN,
          scan: fmt(HISTORY_SHORT_SCAN_MAX),
        })}
      </Typography.Text>
    </>
  )
}
