import { ReloadOutlined, SearchOutlined } from '@ant-design/icons'
import { ANNOUNCEMENT_TITLE_MAX, type AnnouncementStatusValue } from '@app/core'
import { Button, Form, Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useStatusOptions } from './status'

export interface AnnouncementFilters {
  title?: string
  status?: AnnouncementStatusValue
}

/** Title and status filters above the table. */
export function AnnouncementSearch({ onSearch }: { onSearch: (filters: AnnouncementFilters) => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<AnnouncementFilters>()
  const statusOptions = useStatusOptions()
  return (
    <Form<AnnouncementFilters>
      form={form}
      layout="inline"
      onFinish={(v) => onSearch({ title: v.title?.trim() || undefined, status: v.status })}
      style={{ rowGap: 12 }}
      data-testid="announcement-search"
    >
      <Form.Item name="title" label={t('announcement.title')}>
        <Input
          allowClear
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          placeholder={t('announcement.titlePlaceholder')}
          data-testid="announcement-search-title"
        />
      </Form.Item>
      <Form.Item name="status" label={t('announcement.status')}>
        <Select
          allowClear
          options={statusOptions}
          placeholder={t('announcement.statusPlaceholder')}
          style={{ width: 140 }}
          data-testid="announcement-search-status"
        />
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined />}
          data-testid="announcement-search-submit"
        >
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            form.resetFields()
            onSearch({})
          }}
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  )
}
