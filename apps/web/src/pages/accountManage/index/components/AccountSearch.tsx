import { ACCOUNT_STATES, type AccountStateValue } from '@app/core'
import { type FormInstance, Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { FilterBar, FilterItem } from '../../../../components/page/FilterBar'
import { useGroupOptions } from '../../useAccountGroups'

export interface AccountFilters {
  phone?: string
  status?: AccountStateValue
  groupId?: number
}

/** The filled filters only, the phone trimmed. */
const toAccountFilters = (v: AccountFilters): AccountFilters => ({
  phone: v.phone?.trim() || undefined,
  status: v.status,
  groupId: v.groupId,
})

/** Phone, status and group filters above the account table. */
export function AccountSearch({
  form,
  onSearch,
}: {
  form: FormInstance<AccountFilters>
  onSearch: (filters: AccountFilters) => void
}) {
  const { t } = useTranslation()
  const groups = useGroupOptions()
  const statusOptions = ACCOUNT_STATES.map((s) => ({ value: s, label: t(`account.states.${s}`) }))
  return (
    <FilterBar<AccountFilters>
      form={form}
      name="account-search"
      onSearch={(v) => onSearch(toAccountFilters(v))}
      testId="account-search"
      buttonTestIdPrefix="account-search"
    >
      <FilterItem name="phone" label={t('account.phone')}>
        <Input
          allowClear
          maxLength={40}
          placeholder={t('account.phonePlaceholder')}
          style={{ width: 180 }}
          data-testid="account-search-phone"
        />
      </FilterItem>
      <FilterItem name="status" label={t('account.status')}>
        <Select
          allowClear
          options={statusOptions}
          placeholder={t('common.all')}
          style={{ width: 140 }}
          data-testid="account-search-status"
        />
      </FilterItem>
      <FilterItem name="groupId" label={t('account.group')}>
        <Select
          allowClear
          options={groups}
          placeholder={t('common.all')}
          style={{ width: 160 }}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="account-search-group"
        />
      </FilterItem>
    </FilterBar>
  )
}
