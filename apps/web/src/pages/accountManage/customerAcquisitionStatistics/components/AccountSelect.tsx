import { BATCH_IDS_MAX } from '@app/core'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AccountOption } from '../../../../api/acquisition'
import { accountLabel } from './format'

interface Props {
  accounts: AccountOption[]
  loading?: boolean
  value?: number[]
  onChange?: (ids: number[]) => void
  placeholder?: string
  testId?: string
  style?: React.CSSProperties
}

/** Several of the tenant's accounts, searchable by phone; none chosen means all of them. */
export function AccountSelect({ accounts, loading, value, onChange, placeholder, testId, style }: Props) {
  const { t } = useTranslation()
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxCount={BATCH_IDS_MAX}
      maxTagCount="responsive"
      loading={loading}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      placeholder={placeholder ?? t('acquisition.allAccounts')}
      aria-label={t('acquisition.account')}
      options={accounts.map((a) => ({
        value: a.id,
        label: accountLabel({ accountId: a.id, phone: a.phone }, t),
      }))}
      style={{ minWidth: 240, ...style }}
      data-testid={testId}
    />
  )
}
