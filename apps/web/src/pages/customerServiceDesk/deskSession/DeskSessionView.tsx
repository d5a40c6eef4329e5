import {
  SESSION_FILTERS,
  SESSION_STATUSES,
  type SessionFilterValue,
  type SessionStatusValue,
} from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { lazyPart } from '../../../components/lazyPart'
import { Placeholder } from '../../../components/Placeholder'
import { useSkipTarget } from '../layout/DeskSkipLink'
import { useDeskWidth } from '../layout/useDeskWidth'
import { lazyDialog } from '../lazyDialog'
import { deskKeys, type SessionListParams } from '../queryKeys'
import { DeskColumns } from './DeskColumns'
import { GroupListTools } from './GroupListTools'
import { SessionList } from './SessionList'
import { type DeskRow, insertRow } from './sessionCache'
import { StatusFilter } from './status/StatusFilter'
import { useSessionStatus } from './status/useSessionStatus'
import { useBulkSelection } from './useBulkSelection'
import { useDeskKeyboard } from './useDeskKeyboard'
import { useSelection } from './useSelection'
import { useSessionActions } from './useSessionActions'
import { updateSessionLists, useSessionList } from './useSessionList'

// the related-account view's picker (antd's Select) loads when that view first opens
const AccountPicker = lazyPart(
  () => import('./AccountPicker').then((m) => m.AccountPicker),
  <Placeholder height={24} block />,
)
// the selection mode's bar and the open chat's status control load when first shown
const BulkBar = lazyPart(() => import('./BulkBar').then((m) => m.BulkBar), <Placeholder height={24} block />)
const StatusControl = lazyPart(
  () => import('./status/StatusControl').then((m) => m.StatusControl),
  <Placeholder width={48} height={24} />,
)
// a desk opened on a chat (a link, a reload) draws the chat's header with its status control at
// once: the control's code loads while the chat's session comes
if (new URLSearchParams(window.location.search).has('sessionId')) StatusControl.preload()
const NewSessionModal = lazyDialog(() => import('./NewSessionModal').then((m) => m.NewSessionModal))
const ShortcutHelp = lazyDialog(() => import('./ShortcutHelp').then((m) => m.ShortcutHelp))

const SEARCH_DELAY_MS = 300

const isFilter = (v: string | null): v is SessionFilterValue =>
  v !== null && (SESSION_FILTERS as readonly string[]).includes(v)

const isStatus = (v: string | null): v is SessionStatusValue =>
  v !== null && (SESSION_STATUSES as readonly string[]).includes(v)

/**
 * The list the URL asks for: ?filter=…, ?view=account&accountId=… (related-account sessions) or
 * ?view=waiting (waiting on our reply), each narrowed to one conversation status by ?status=….
 */
function useListParams(fixedFilter?: SessionFilterValue) {
  const [params, setParams] = useSearchParams()
  const view = fixedFilter ? null : params.get('view')
  const byAccount = view === 'account'
  const waiting = view === 'waiting'
  const raw = Number(params.get('accountId'))
  const accountId = byAccount && Number.isSafeInteger(raw) && raw > 0 ? raw : undefined
  const wanted = params.get('filter')
  const filter: SessionFilterValue =
    fixedFilter ?? (byAccount || waiting ? 'all' : isFilter(wanted) ? wanted : 'all')
  const wantedStatus = params.get('status')
  const status = isStatus(wantedStatus) ? wantedStatus : undefined
  const setParam = (name: string, value: string | undefined, closeChat: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value) next.set(name, value)
        else next.delete(name)
        if (closeChat) next.delete('sessionId')
        return next
      },
      { replace: true },
    )
  const setAccount = (id: number | undefined) => setParam('accountId', id ? String(id) : undefined, true)
  const setStatus = (s: SessionStatusValue | undefined) => setParam('status', s, false)
  return { filter, byAccount, waiting, accountId, setAccount, status, setStatus }
}

/**
 * The desk's session screen: the list (a sidebar entry, or one account's sessions), the open
 * chat and the customer panel. `fixedFilter` makes it the invalid customers' screen.
 */
export function DeskSessionView({ fixedFilter }: { fixedFilter?: SessionFilterValue }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const width = useDeskWidth()
  const { filter, byAccount, waiting, accountId, setAccount, status, setStatus } = useListParams(fixedFilter)
  const [search, setSearch] = useState('')
  const [keyword, setKeyword] = useState('')
  const [creating, setCreating] = useState(false)

  useEffect(() => {
    const id = setTimeout(() => setKeyword(search.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(id)
  }, [search])

  const listParams: SessionListParams = {
    filter,
    accountId,
    keyword: keyword || undefined,
    status,
    waiting: waiting || undefined,
  }
  const list = useSessionList(listParams)
  const { selectedId, selected, opening, select } = useSelection(list.rows)
  const actions = useSessionActions((id) => {
    if (id === selectedId) select(null)
  })
  const { change: changeStatus } = useSessionStatus()
  const bulk = useBulkSelection(list.rows, JSON.stringify(listParams))
  const keyboard = useDeskKeyboard(list.rows, selectedId, select, () => {
    if (selected && selected.status !== 'resolved') void changeStatus([selected.id], 'resolved')
  })
  useSkipTarget(keyboard.skipToChat)

  const title = byAccount
    ? t('desk.rail.accountSessions')
    : waiting
      ? t('desk.rail.waiting')
      : t(`desk.rail.${filter}`)
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
      showWaiting={waiting}
      bulk={
        fixedFilter
          ? undefined
          : {
              selection: bulk,
              bar: (
                <BulkBar
                  selection={bulk}
                  total={list.rows.length}
                  onResolve={(ids) => changeStatus(ids, 'resolved')}
                />
              ),
            }
      }
      toolbar={
        <>
          {fixedFilter ? null : <StatusFilter value={status} onChange={setStatus} />}
          {byAccount ? (
            <AccountPicker value={accountId} onChange={setAccount} />
          ) : filter === 'group' ? (
            <GroupListTools
              onChanged={() => void qc.invalidateQueries({ queryKey: deskKeys.sessionLists })}
            />
          ) : null}
        </>
      }
    />
  )

  return (
    <>
      <DeskColumns
        list={listColumn}
        selected={selected}
        opening={opening}
        width={width}
        onBack={() => select(null)}
        chatActions={
          selected ? (
            <>
              <StatusControl session={selected} onChange={changeStatus} />
              {actions.renderMenu(selected, 'desk-chat-actions')}
            </>
          ) : null
        }
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
