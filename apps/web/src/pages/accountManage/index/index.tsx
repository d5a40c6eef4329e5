import { MobileOutlined, QrcodeOutlined } from '@ant-design/icons'
import type { WsAccountView } from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Flex, Form, Tooltip } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type AccountQuery, pageAccounts } from '../../../api/account'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { PageFrame } from '../../../components/page/PageFrame'
import { type AccountFilters, AccountSearch } from './components/AccountSearch'
import { AccountTable } from './components/AccountTable'
import { ApplyProfileModal } from './components/ApplyProfileModal'
import { BatchBar } from './components/BatchBar'
import { MoveGroupModal } from './components/MoveGroupModal'
import { PairingCodeModal } from './components/PairingCodeModal'
import { PortUsageBar } from './components/PortUsageBar'
import { ProxyModal } from './components/ProxyModal'
import { useAccountProfiles } from './components/profiles'
import { type LoginTarget, QrLoginModal } from './components/QrLoginModal'
import { RemarkModal } from './components/RemarkModal'
import type { RowHandlers } from './components/RowActions'
import { useAccountActions } from './useAccountActions'
import { ACCOUNT_PAGE_KEY, useLiveAccounts, usePortUsage } from './useLiveAccounts'

type EditKind = 'remark' | 'group' | 'proxy' | 'profile'
const NONE: WsAccountView[] = []

/**
 * /accountManage/index (customerMaster): the tenant's WS accounts with live status; link new
 * ones by QR or pairing code, link again, reconnect, log out, delete, and edit remark, group
 * and proxy, one by one or in batch. Port usage tells whether a new number can be linked.
 */
export default function AccountListPage() {
  const { t } = useTranslation()
  const actions = useAccountActions()
  useLiveAccounts()
  const ports = usePortUsage()
  const [query, setQuery] = useState<AccountQuery>({ pageNo: 1, pageSize: 10 })
  const [selectedIds, setSelectedIds] = useState<number[]>([])
  const [qr, setQr] = useState<{ open: boolean; target: LoginTarget | null }>({ open: false, target: null })
  const [code, setCode] = useState<{ open: boolean; phone: string | null }>({ open: false, phone: null })
  const [editing, setEditing] = useState<{ kind: EditKind; rows: WsAccountView[] } | null>(null)
  const [filterForm] = Form.useForm<AccountFilters>()

  const page = useQuery({
    queryKey: [...ACCOUNT_PAGE_KEY, query],
    queryFn: () => pageAccounts(query),
    placeholderData: keepPreviousData,
  })
  const rows = page.data?.list ?? NONE
  const selected = rows.filter((r) => selectedIds.includes(r.id))
  const profiles = useAccountProfiles(rows.map((r) => r.id))
  const noFreePort = ports.data?.free === 0

  const changeQuery = (next: (q: AccountQuery) => AccountQuery) => {
    setQuery(next)
    setSelectedIds([])
  }
  const onSearch = (filters: AccountFilters) =>
    changeQuery((q) => ({ pageNo: 1, pageSize: q.pageSize, ...filters }))
  /** After a delete that empties the page, show the previous one. */
  const removed = (count: number) => {
    if (count >= rows.length && query.pageNo > 1) changeQuery((q) => ({ ...q, pageNo: q.pageNo - 1 }))
    else setSelectedIds([])
  }
  const edit = (kind: EditKind, targets: WsAccountView[]) => setEditing({ kind, rows: targets })
  const closeEdit = () => setEditing(null)
  const editRows = editing?.rows ?? NONE

  const handlers: RowHandlers = {
    onReconnect: (row) => actions.reconnect([row]),
    onRelinkQr: (row) => setQr({ open: true, target: { id: row.id, phone: row.phone } }),
    onRelinkCode: (row) => setCode({ open: true, phone: row.phone }),
    onLogout: (row) => actions.logout([row]),
    onDelete: (row) => actions.remove([row]).then(() => removed(1)),
    onRemark: (row) => edit('remark', [row]),
    onMoveGroup: (row) => edit('group', [row]),
    onProxy: (row) => edit('proxy', [row]),
  }
  const refreshed = () => void actions.refresh()
  const filtered = !!(query.phone || query.status || query.groupId)
  const clearFilters = () => {
    filterForm.resetFields()
    onSearch({})
  }
  const linkByQr = () => setQr({ open: true, target: null })

  return (
    <PageFrame
      title={t('menu.accountList')}
      actions={
        <Tooltip title={noFreePort ? t('account.noFreePort') : undefined}>
          <Flex gap={8}>
            <Button
              type="primary"
              icon={<QrcodeOutlined />}
              disabled={noFreePort}
              onClick={linkByQr}
              data-testid="account-add-qr"
            >
              {t('account.addQr')}
            </Button>
            <Button
              icon={<MobileOutlined />}
              disabled={noFreePort}
              onClick={() => setCode({ open: true, phone: null })}
              data-testid="account-add-code"
            >
              {t('account.addCode')}
            </Button>
          </Flex>
        </Tooltip>
      }
    >
      <AccountSearch form={filterForm} onSearch={onSearch} />
      <PortUsageBar usage={ports.data} />
      <AccountTable
        rows={rows}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        pageNo={query.pageNo}
        pageSize={query.pageSize}
        keyword={query.phone}
        onPage={(pageNo, pageSize) => changeQuery((q) => ({ ...q, pageNo, pageSize }))}
        selectedIds={selectedIds}
        onSelect={setSelectedIds}
        handlers={handlers}
        profiles={profiles}
        toolbar={
          <BatchBar
            rows={selected}
            onReconnect={() => actions.reconnect(selected).then(() => setSelectedIds([]))}
            onLogout={() => actions.logout(selected).then(() => setSelectedIds([]))}
            onDelete={() => actions.remove(selected).then(() => removed(selected.length))}
            onRemark={() => edit('remark', selected)}
            onMoveGroup={() => edit('group', selected)}
            onProxy={() => edit('proxy', selected)}
            onProfile={() => edit('profile', selected)}
          />
        }
        empty={
          filtered ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('account.emptyTitle')}
              hint={t('account.emptyHint')}
              action={{
                label: t('account.addQr'),
                onClick: linkByQr,
                disabled: noFreePort,
                testId: 'account-empty-add',
              }}
            />
          )
        }
      />
      <QrLoginModal
        open={qr.open}
        target={qr.target}
        onClose={() => {
          setQr((s) => ({ ...s, open: false }))
          // a new account whose QR expired unscanned is gone from the server
          refreshed()
        }}
        onStarted={refreshed}
        onLinked={refreshed}
      />
      <PairingCodeModal
        open={code.open}
        phone={code.phone}
        onClose={() => setCode((s) => ({ ...s, open: false }))}
        onStarted={refreshed}
        onLinked={refreshed}
      />
      <RemarkModal
        open={editing?.kind === 'remark'}
        rows={editRows}
        onClose={closeEdit}
        onSubmit={(remark) => actions.remark(editRows, remark)}
      />
      <MoveGroupModal
        open={editing?.kind === 'group'}
        rows={editRows}
        onClose={closeEdit}
        onSubmit={(groupId) => actions.moveGroup(editRows, groupId)}
      />
      <ApplyProfileModal open={editing?.kind === 'profile'} rows={editRows} onClose={closeEdit} />
      <ProxyModal
        open={editing?.kind === 'proxy'}
        rows={editRows}
        onClose={closeEdit}
        onSubmit={(proxy) => actions.proxy(editRows, proxy)}
      />
    </PageFrame>
  )
}
