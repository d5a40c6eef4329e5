import { DownloadOutlined, SearchOutlined } from '@ant-design/icons'
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
import { Button, DatePicker, Flex, Form, Input, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { type HistoryFilterInput, type HistoryFormValues, toFilters } from './filters'

interface Props {
  options: HistoryOptionsView | undefined
  loading: boolean
  exporting: boolean
  onSearch(filters: HistoryFilterInput): void
  onExport(): void
}

const accountLabel = (a: HistoryOptionsView['accounts'][number]) =>
  [a.phone, a.name && a.name.replace(/\D/g, '') !== a.phone ? a.name : ''].filter(Boolean).join(' ')

/** The filters of the chat history: every field narrows; none given lists the newest messages. */
export function SearchForm({ options, loading, exporting, onSearch, onExport }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<HistoryFormValues>()
  const fmt = (n: number) => n.toLocaleString()
  return (
    <Form<HistoryFormValues>
      form={form}
      layout="vertical"
      onFinish={(values) => onSearch(toFilters(values))}
      data-testid="history-form"
    >
      <Flex gap={12} wrap>
        <Form.Item name="keyword" label={t('history.keyword')} style={{ width: 260 }}>
          <Input
            allowClear
            maxLength={HISTORY_KEYWORD_MAX}
            placeholder={t('history.keywordPlaceholder')}
            data-testid="history-keyword"
          />
        </Form.Item>
        <Form.Item name="accountIds" label={t('history.accounts')} style={{ width: 260 }}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            optionFilterProp="label"
            placeholder={t('history.accountsPlaceholder')}
            options={options?.accounts.map((a) => ({ value: a.id, label: accountLabel(a) }))}
            data-testid="history-accounts"
          />
        </Form.Item>
        <Form.Item name="customer" label={t('history.customer')} style={{ width: 200 }}>
          <Input
            allowClear
            maxLength={HISTORY_CUSTOMER_MAX}
            placeholder={t('history.customerPlaceholder')}
            data-testid="history-customer"
          />
        </Form.Item>
        <Form.Item name="agentId" label={t('history.agent')} style={{ width: 180 }}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('history.agentPlaceholder')}
            options={options?.agents.map((a) => ({ value: a.id, label: a.name }))}
            data-testid="history-agent"
          />
        </Form.Item>
        <Form.Item name="direction" label={t('history.direction')} style={{ width: 140 }}>
          <Select
            allowClear
            placeholder={t('history.directionPlaceholder')}
            options={MESSAGE_DIRECTIONS.map((d) => ({ value: d, label: t(`history.directions.${d}`) }))}
            data-testid="history-direction"
          />
        </Form.Item>
        <Form.Item name="types" label={t('history.types')} style={{ width: 220 }}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('history.typesPlaceholder')}
            options={HISTORY_MESSAGE_TYPES.map((k) => ({ value: k, label: t(`history.messageTypes.${k}`) }))}
            data-testid="history-types"
          />
        </Form.Item>
        <Form.Item name="range" label={t('history.range')}>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            placeholder={[t('history.rangeStart'), t('history.rangeEnd')]}
            data-testid="history-range"
          />
        </Form.Item>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined />}
          loading={loading}
          data-testid="history-search"
        >
          {t('history.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields()
            onSearch({})
          }}
          data-testid="history-reset"
        >
          {t('history.reset')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={onExport}
          data-testid="history-export"
        >
          {t('history.export')}
        </Button>
        <Typography.Text type="secondary">
          {t('history.exportHint', { max: fmt(HISTORY_EXPORT_ROWS_MAX) })}
          {' · '}
          {t('history.shortKeywordHint', {
            min: HISTORY_INDEXED_KEYWORD_MIN,
            scan: fmt(HISTORY_SHORT_SCAN_MAX),
          })}
        </Typography.Text>
      </Flex>
    </Form>
  )
}
