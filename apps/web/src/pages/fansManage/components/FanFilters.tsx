import { ReloadOutlined, SearchOutlined } from '@ant-design/icons'
import { FAN_SEARCH_MAX, FAN_SOURCES, type FanFilter } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Form, Input, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { listAccountGroups } from '../../../api/account'
import { listDeskAccounts } from '../../../api/desk'
import { useAllLabels } from '../../../components/label/useLabels'
import { validationText } from '../../../i18n'

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

/**
 * Filters above the customers list: search, accounts, account group (the supervisor's screen),
 * source, labels, repeat, invalid, mass send, country, add time and last message.
 */
export function FanFilters({
  desk,
  scope,
  onSearch,
}: {
  desk: boolean
  /** whose customers: the desk's agent, or the tenant */
  scope: string
  onSearch: (filter: FanFilter) => void
}) {
  const { t } = useTranslation()
  const [form] = Form.useForm<FanFilterValues>()
  const labels = useAllLabels()
  const accounts = useQuery({ queryKey: ['fans', 'accounts', scope], queryFn: listDeskAccounts })
  const groups = useQuery({ queryKey: ['fans', 'groups'], queryFn: listAccountGroups, enabled: !desk })
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
    <Form.Item name={name}>
      <Select
        allowClear
        placeholder={label}
        options={options}
        style={{ width: 130 }}
        data-testid={`fan-filter-${name}`}
      />
    </Form.Item>
  )

  return (
    <Form<FanFilterValues>
      form={form}
      layout="inline"
      initialValues={FAN_FILTER_DEFAULTS}
      onFinish={(v) => onSearch(toFanFilter(v))}
      style={{ rowGap: 12 }}
      data-testid="fan-filters"
    >
      <Form.Item name="keyword">
        <Input
          allowClear
          maxLength={FAN_SEARCH_MAX}
          placeholder={t('fans.filters.keyword')}
          style={{ width: 220 }}
          data-testid="fan-filter-keyword"
        />
      </Form.Item>
      <Form.Item name="accountIds">
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('fans.filters.accounts')}
          showSearch={{ optionFilterProp: 'label' }}
          options={(accounts.data ?? []).map((a) => ({
            value: a.id,
            label: a.phone ? `+${a.phone}` : `#${a.id}`,
          }))}
          style={{ width: 220 }}
          data-testid="fan-filter-accounts"
        />
      </Form.Item>
      {desk ? null : (
        <Form.Item name="accountGroupId">
          <Select
            allowClear
            placeholder={t('fans.filters.group')}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            style={{ width: 150 }}
            data-testid="fan-filter-group"
          />
        </Form.Item>
      )}
      <Form.Item name="source">
        <Select
          allowClear
          placeholder={t('fans.filters.source')}
          options={FAN_SOURCES.map((s) => ({ value: s, label: t(`fans.sources.${s}`) }))}
          style={{ width: 140 }}
          data-testid="fan-filter-source"
        />
      </Form.Item>
      <Form.Item name="labelIds">
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('fans.filters.labels')}
          showSearch={{ optionFilterProp: 'label' }}
          options={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          style={{ width: 200 }}
          data-testid="fan-filter-labels"
        />
      </Form.Item>
      {choice('repeat', t('fans.filters.repeat'), yesNo('repeatYes', 'repeatNo'))}
      {choice('invalid', t('fans.filters.invalid'), yesNo('invalidYes', 'invalidNo'))}
      {choice('massSendEnabled', t('fans.filters.massSend'), yesNo('massYes', 'massNo'))}
      <Form.Item name="country" rules={[{ pattern: /^[A-Za-z]{2}$/, message: validationText('invalid') }]}>
        <Input
          allowClear
          maxLength={2}
          placeholder={t('fans.filters.country')}
          style={{ width: 170 }}
          data-testid="fan-filter-country"
        />
      </Form.Item>
      <Form.Item name="created" label={t('fans.filters.createdAt')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('fans.filters.start'), t('fans.filters.end')]}
          data-testid="fan-filter-created"
        />
      </Form.Item>
      <Form.Item name="lastMessage" label={t('fans.filters.lastMessageAt')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('fans.filters.start'), t('fans.filters.end')]}
          data-testid="fan-filter-last-message"
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="fan-filter-submit">
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields()
            onSearch(toFanFilter(FAN_FILTER_DEFAULTS))
          }}
          data-testid="fan-filter-reset"
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  )
}
