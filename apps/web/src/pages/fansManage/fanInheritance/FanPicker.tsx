import { useInfiniteQuery } from '@tanstack/react-query'
import { Select, Spin } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageInheritFans } from '../../../api/fanInheritance'
import { useSettled } from '../../../hooks/useSettled'
import { formatPhone } from '../../../utils/format'

const PAGE = 50
/** Typing settles this long before the source's fans are searched. */
const SEARCH_DELAY_MS = 300

/**
 * Pick fans of the source account one by one: searched on the server (name, remark, phone),
 * more loaded as the list scrolls to its end.
 */
export function FanPicker({
  accountId,
  value,
  onChange,
}: {
  accountId: number | undefined
  value?: number[]
  onChange?: (ids: number[]) => void
}) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const keyword = useSettled(typed.trim(), SEARCH_DELAY_MS)
  const fans = useInfiniteQuery({
    queryKey: ['inheritance', 'fans', accountId ?? 0, keyword],
    queryFn: ({ pageParam }) =>
      pageInheritFans({
        accountId: accountId as number,
        pageSize: PAGE,
        ...(keyword ? { keyword } : {}),
        ...(pageParam ? { afterId: pageParam } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextAfterId ?? undefined,
    enabled: accountId !== undefined,
  })
  const options = (fans.data?.pages ?? []).flatMap((p) =>
    p.list.map((f) => ({
      value: f.id,
      label: f.phone && f.title !== f.phone ? `${f.title} (${formatPhone(f.phone)})` : f.title,
    })),
  )
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(ids: number[]) => onChange?.(ids)}
      options={options}
      disabled={accountId === undefined}
      placeholder={t('inheritance.form.fansPlaceholder')}
      notFoundContent={fans.isFetching ? <Spin size="small" /> : undefined}
      loading={fans.isFetching}
      onPopupScroll={(e) => {
        const el = e.currentTarget
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 20 && fans.hasNextPage && !fans.isFetching)
          void fans.fetchNextPage()
      }}
      data-testid="inherit-fans"
    />
  )
}
