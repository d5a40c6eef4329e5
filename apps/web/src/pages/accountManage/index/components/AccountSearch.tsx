import { ReloadOutlined, SearchOutlined } from '@ant-design/icons'
import { ACCOUNT_STATES, type AccountStateValue } from '@app/core'
import { Button, Form, Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useGroupOptions } from '../../useAccountGroups'

export interface AccountFilters {
  phone?: string
  status?: AccountStateValue
  groupId?: number
}

/** Phone, status and group filters above the account table. */
export function AccountSearch({ onSearch }: { onSearch: (filters: AccountFilters) => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<AccountFilters>()
  const groups = useGroupOptions()
  const statusOptions = ACCOUNT_STATES.map((s) => ({ value: s, label: t(`account.states.${s}`) }))
  return (
    <Form<AccountFilters>
      form={form}
      layout="inline"
      onFinish={(v) =>
        onSearch({ phone: v.phone?.trim() || undefined, status: v.status, groupId: v.groupId })
      }
      style={{ rowGap: 12 }}
      data-testid="account-search"
    >
      <Form.Item name="phone" label={t('account.phone')}>
        <Input
          allowClear
          maxLength={40}
          placeholder={t('account.phonePlaceholder')}
          data-testid="account-search-phone"
        />
      </Form.Item>
      <Form.Item name="status" label={t('account.status')}>
        <Select
          allowClear
          options={statusOptions}
          placeholder={t('account.statusPlaceholder')}
          style={{ width: 140 }}
          data-testid="account-search-status"
        />
      </Form.Item>
      <Form.Item name="groupId" label={t('account.group')}>
        <Select
          allowClear
          options={groups}
          placeholder={t('account.groupPlaceholder')}
          style={{ width: 160 }}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="account-search-group"
        />
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SearchOutlined />}
          data-testid="account-search-submit"
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
