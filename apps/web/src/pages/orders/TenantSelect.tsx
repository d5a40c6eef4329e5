import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { queryTenants } from '../../api/platform'

interface Props {
  /** the control's id, which a form's label points at */
  id?: string
  value?: number
  onChange?: (id: number | undefined) => void
  testId?: string
  allowClear?: boolean
  style?: React.CSSProperties
}

/** A tenant the caller may see, searched by enterprise account, company or supervisor. */
export function TenantSelect({ id, value, onChange, testId, allowClear, style }: Props) {
  const { t } = useTranslation()
  const [keyword, setKeyword] = useState('')
  const tenants = useQuery({
    queryKey: ['platform', 'tenants', 'options', keyword],
    queryFn: () => queryTenants({ pageNo: 1, pageSize: 50, keyword: keyword || undefined }),
  })
  return (
    <Select
      id={id}
      aria-label={t('billing.tenantPick')}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear={allowClear}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={t('billing.tenantPick')}
      loading={tenants.isFetching}
      style={style}
      data-testid={testId}
      options={(tenants.data?.list ?? []).map((x) => ({
        value: x.tenantId,
        label: `${x.tenantName} (${x.enterpriseAccount})`,
      }))}
    />
  )
}
