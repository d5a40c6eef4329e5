import { MASS_SEND_GROUPS_MAX, type MassSendGroupView } from '@app/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Select, Spin } from 'antd'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageMassSendGroups } from '../../../api/massSend'
import { useSettled } from '../../../hooks/useSettled'
import { useMassSendKeys } from './MassSendLive'

interface Props {
  value?: number[]
  onChange?: (ids: number[]) => void
}

const PAGE_SIZE = 50
const SEARCH_DELAY_MS = 300

const labelOf = (g: MassSendGroupView) =>
  `${g.subject}${g.accountPhone ? ` · +${g.accountPhone}` : ''} (${g.memberCount})`

/**
 * The group chats of the caller's numbers to send into: searched by name on the server, more
 * loaded while scrolling; the names of chosen groups stay shown when the search changes.
 */
export function MassSendGroupPicker({ value, onChange }: Props) {
  const { t } = useTranslation()
  const keys = useMassSendKeys()
  const [typed, setTyped] = useState('')
  const known = useRef(new Map<number, string>())
  const keyword = useSettled(typed.trim(), SEARCH_DELAY_MS)

  const groups = useInfiniteQuery({
    queryKey: [...keys.groups, keyword],
    queryFn: ({ pageParam }) =>
      pageMassSendGroups({
        pageSize: PAGE_SIZE,
        ...(keyword ? { keyword } : {}),
        ...(pageParam ? { afterId: pageParam } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const listed = groups.data?.pages.flatMap((p) => p.list) ?? []
  for (const g of listed) known.current.set(g.id, labelOf(g))
  const options = listed.map((g) => ({ value: g.id, label: labelOf(g) }))
  // chosen groups that the current search does not list keep their names
  for (const id of value ?? [])
    if (!listed.some((g) => g.id === id))
      options.push({ value: id, label: known.current.get(id) ?? `#${id}` })

  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      value={value}
      onChange={(ids) => onChange?.(ids.slice(0, MASS_SEND_GROUPS_MAX))}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onBlur={() => setTyped('')}
      options={options}
      maxTagCount="responsive"
      placeholder={t('massSend.form.groupsPlaceholder')}
      notFoundContent={groups.isFetching ? <Spin size="small" /> : t('massSend.form.noGroups')}
      onPopupScroll={(e) => {
        const el = e.currentTarget
        if (
          el.scrollTop + el.clientHeight >= el.scrollHeight - 24 &&
          groups.hasNextPage &&
          !groups.isFetchingNextPage
        )
          void groups.fetchNextPage()
      }}
      data-testid="mass-send-groups"
    />
  )
}
