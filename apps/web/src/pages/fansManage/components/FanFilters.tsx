import { FAN_SEARCH_MAX, FAN_SOURCES, type FanFilter } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { DatePicker, type FormInstance, Input, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { listAccountGroups } from '../../../api/account'
import { listDeskAccounts } from '../../../api/desk'
import { useAllLabels } from '../../../components/label/useLabels'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { validationText } from '../../../i18n'
import { formatPhone } from '../../../utils/format'

type YesNo = 'yes' | 'no'
type Range = [Dayjs | null, Dayjs | null] | null

export interface FanFilterValues {
  keyword?: string
  accountIds?: number[]
  accountGroupId?: number
  source?: FanFilter['source']
  labelIds?: number[]
  repeat?: YesNo
  invalid?: YesNo
  massSendEnabled?: YesNo
  country?: string
  created?: Range
  lastMessage?: Range
}

/** The list's own start: invalid customers leave the normal lists (they have their own page). */
export const FAN_FILTER_DEFAULTS: FanFilterValues = { invalid: 'no' }

const flag = (v: YesNo | undefined) => (v === undefined ? undefined : v === 'yes')
/** Whole days: from the first day's start to the end of the last. */
const from = (r: Range | undefined) => r?.[0]?.startOf('day').valueOf()
const to = (r: Range | undefined) => r?.[1]?.add(1, 'day').startOf('day').valueOf()

/** The form's values as the API's filter (empty fields left out). */
export function toFanFilter(v: FanFilterValues): FanFilter {
  const country = v.country?.trim()
  const f: FanFilter = {
    keyword: v.keyword?.trim() || undefined,
    accountIds: v.accountIds?.length ? v.accountIds : undefined,
    accountGroupId: v.accountGroupId,
    source: v.source,
    labelIds: v.labelIds?.length ? v.labelIds : undefined,
    repeat: flag(v.repeat),
    invalid: flag(v.invalid),
    massSendEnabled: flag(v.massSendEnabled),
    country: country ? country.toUpperCase() : undefined,
    createdFrom: from(v.created),
    createdTo: to(v.created),
    lastMessageFrom: from(v.lastMessage),
    lastMessageTo: to(v.lastMessage),
  }
  return Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined)) as FanFilter
}

/** Whether the filter narrows the list beyond its own start. */
export const isFiltered = (filter: FanFilter): boolean =>
  JSON.stringify(filter) !== JSON.stringify(toFanFilter(FAN_FILTER_DEFAULTS))

/**
 * Filters above the customers list: search, accounts, account group (the supervisor's screen),
 * source, labels, repeat, invalid, mass send, country, add time and last message.
 */
export function FanFilters({
  desk,
  scope,
  form,
  onSearch,
}: {
  desk: boolean
  /** whose customers: the desk's agent, or the tenant */
  scope: string
  form: FormInstance<FanFilterValues>
  onSearch: (filter: FanFilter) => void
}) {
  const { t } = useTranslation()
  const labels = useAllLabels()
  const accounts = useQuery({ queryKey: ['fans', 'accounts', scope], queryFn: listDeskAccounts })
  const groups = useQuery({ queryKey: ['fans', 'groups'], queryFn: listAccountGroups, enabled: !desk })
  const all = t('common.all')
  /** A yes-or-no filter whose choices name themselves (an empty choice is "all"). */
  const yesNo = (yes: string, no: string) => [
    { value: 'yes', label: t(`fans.filters.${yes}`) },
    { value: 'no', label: t(`fans.filters.${no}`) },
  ]
  const choice = (
    name: keyof FanFilterValues,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <FilterItem name={name} label={label}>
      <Select
        allowClear
        placeholder={all}
        options={options}
        style={{ width: 120 }}
        data-testid={`fan-filter-${name}`}
      />
    </FilterItem>
  )

  return (
    <FilterBar<FanFilterValues>
      form={form}
      name={desk ? 'desk-fan-filters' : 'fan-filters'}
      initialValues={FAN_FILTER_DEFAULTS}
      onSearch={(v) => onSearch(toFanFilter(v))}
      testId="fan-filters"
      buttonTestIdPrefix="fan-filter"
    >
      <FilterItem name="keyword" label={t('fans.filters.keywordLabel')}>
        <Input
          allowClear
          maxLength={FAN_SEARCH_MAX}
          placeholder={t('fans.filters.keyword')}
          style={{ width: 200 }}
          data-testid="fan-filter-keyword"
        />
      </FilterItem>
      <FilterItem name="accountIds" label={t('fans.filters.accounts')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={all}
          showSearch={{ optionFilterProp: 'label' }}
          options={(accounts.data ?? []).map((a) => ({
            value: a.id,
            label: formatPhone(a.phone) || `#${a.id}`,
          }))}
          style={{ width: 200 }}
          data-testid="fan-filter-accounts"
        />
      </FilterItem>
      {desk ? null : (
        <FilterItem name="accountGroupId" label={t('fans.filters.group')}>
          <Select
            allowClear
            placeholder={all}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            style={{ width: 140 }}
            data-testid="fan-filter-group"
          />
        </FilterItem>
      )}
      <FilterItem name="source" label={t('fans.filters.source')}>
        <Select
          allowClear
          placeholder={all}
          options={FAN_SOURCES.map((s) => ({ value: s, label: t(`fans.sources.${s}`) }))}
          style={{ width: 140 }}
          data-testid="fan-filter-source"
        />
      </FilterItem>
      <FilterItem name="labelIds" label={t('fans.filters.labels')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={all}
          showSearch={{ optionFilterProp: 'label' }}
          options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          style={{ width: 180 }}
          data-testid="fan-filter-labels"
        />
      </FilterItem>
      {choice('repeat', t('fans.filters.repeat'), yesNo('repeatYes', 'repeatNo'))}
      {choice('invalid', t('fans.filters.invalid'), yesNo('invalidYes', 'invalidNo'))}
      {choice('massSendEnabled', t('fans.filters.massSend'), yesNo('massYes', 'massNo'))}
      <FilterItem
        name="country"
        label={t('fans.columns.country')}
        rules={[{ pattern: /^[A-Za-z]{2}$/, message: validationText('invalid') }]}
      >
        <Input
          allowClear
          maxLength={2}
          placeholder={t('fans.filters.country')}
          style={{ width: 150 }}
          data-testid="fan-filter-country"
        />
      </FilterItem>
      <FilterItem name="created" label={t('fans.filters.createdAt')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('fans.filters.start'), t('fans.filters.end')]}
          data-testid="fan-filter-created"
        />
      </FilterItem>
      <FilterItem name="lastMessage" label={t('fans.filters.lastMessageAt')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('fans.filters.start'), t('fans.filters.end')]}
          data-testid="fan-filter-last-message"
        />
      </FilterItem>
    </FilterBar>
  )
}
