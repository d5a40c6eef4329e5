import { SESSION_FILTERS, type SessionFilterValue } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { Skeleton } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { lazyPart } from '../../../components/lazyPart'
import { useSkipTarget } from '../layout/DeskSkipLink'
import { useDeskWidth } from '../layout/useDeskWidth'
import { lazyDialog } from '../lazyDialog'
import { deskKeys, type SessionListParams } from '../queryKeys'
import { DeskColumns } from './DeskColumns'
import { GroupListTools } from './GroupListTools'
import { SessionList } from './SessionList'
import { type DeskRow, insertRow } from './sessionCache'
import { useDeskKeyboard } from './useDeskKeyboard'
import { useSelection } from './useSelection'
import { useSessionActions } from './useSessionActions'
import { updateSessionLists, useSessionList } from './useSessionList'

// the related-account view's picker (antd's Select) loads when that view first opens
const AccountPicker = lazyPart(
  () => import('./AccountPicker').then((m) => m.AccountPicker),
  <Skeleton.Input active size="small" block />,
)
const NewSessionModal = lazyDialog(() => import('./NewSessionModal').then((m) => m.NewSessionModal))
const ShortcutHelp = lazyDialog(() => import('./ShortcutHelp').then((m) => m.ShortcutHelp))

const SEARCH_DELAY_MS = 300

const isFilter = (v: string | null): v is SessionFilterValue =>
  v !== null && (SESSION_FILTERS as readonly string[]).includes(v)

/** The list the URL asks for: ?filter=…, or ?view=account&accountId=… (related-account sessions). */
function useListParams(fixedFilter?: SessionFilterValue) {
  const [params, setParams] = useSearchParams()
  const byAccount = !fixedFilter && params.get('view') === 'account'
  const raw = Number(params.get('accountId'))
  const accountId = byAccount && Number.isSafeInteger(raw) && raw > 0 ? raw : undefined
  const wanted = params.get('filter')
  const filter: SessionFilterValue = fixedFilter ?? (byAccount ? 'all' : isFilter(wanted) ? wanted : 'all')
  const setAccount = (id: number | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (id) next.set('accountId', String(id))
        else next.delete('accountId')
        next.delete('sessionId')
        return next
      },
      { replace: true },
    )
  return { filter, byAccount, accountId, setAccount }
}

/**
 * The desk's session screen: the list (a sidebar entry, or one account's sessions), the open
 * chat and the customer panel. `fixedFilter` makes it the invalid customers' screen.
 */
export function DeskSessionView({ fixedFilter }: { fixedFilter?: SessionFilterValue }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const width = useDeskWidth()
  const { filter, byAccount, accountId, setAccount } = useListParams(fixedFilter)
  const [search, setSearch] = useState('')
  const [keyword, setKeyword] = useState('')
  const [creating, setCreating] = useState(false)

  useEffect(() => {
    const id = setTimeout(() => setKeyword(search.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(id)
  }, [search])

  const listParams: SessionListParams = { filter, accountId, keyword: keyword || undefined }
  const list = useSessionList(listParams)
  const { selectedId, selected, select } = useSelection(list.rows)
  const actions = useSessionActions((id) => {
    if (id === selectedId) select(null)
  })
  const keyboard = useDeskKeyboard(list.rows, selectedId, select)
  useSkipTarget(keyboard.skipToChat)

  const title = byAccount ? t('desk.rail.accountSessions') : t(`desk.rail.${filter}`)
  const onCreated = (session: DeskRow) => {
    updateSessionLists(qc, (data, params) => insertRow(data, session, params))
    void qc.invalidateQueries({ queryKey: deskKeys.countsAll })
    setCreating(false)
    select(session.id)
  }

  const listColumn = (
    <SessionList
      title={title}
      rows={list.rows}
      loading={list.isPending}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      keyword={keyword}
      search={search}
      onSearch={setSearch}
      selectedId={selectedId}
      onSelect={(row) => select(row.id)}
      onNewSession={filter === 'invalid' ? undefined : () => setCreating(true)}
      onHelp={width === 'narrow' ? undefined : keyboard.openHelp}
      renderActions={(row) => actions.renderMenu(row)}
      toolbar={
        byAccount ? (
          <AccountPicker value={accountId} onChange={setAccount} />
        ) : filter === 'group' ? (
          <GroupListTools onChanged={() => void qc.invalidateQueries({ queryKey: deskKeys.sessionLists })} />
        ) : undefined
      }
    />
  )

  return (
    <>
      <DeskColumns
        list={listColumn}
        selected={selected}
        width={width}
        onBack={() => select(null)}
        chatActions={selected ? actions.renderMenu(selected, 'desk-chat-actions') : null}
      />
      <NewSessionModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={onCreated}
        onExisting={(id) => {
          setCreating(false)
          select(id)
        }}
      />
      {actions.dialogs}
      <ShortcutHelp open={keyboard.helpOpen} onClose={keyboard.closeHelp} />
    </>
  )
}
