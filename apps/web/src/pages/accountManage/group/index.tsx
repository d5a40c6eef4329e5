import { PlusOutlined } from '@ant-design/icons'
import type { AccountGroupView } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Form, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createAccountGroup, deleteAccountGroup, renameAccountGroup } from '../../../api/account'
import { NamedItemTable } from '../../../components/NamedItemTable'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { PageFrame } from '../../../components/page/PageFrame'
import { ACCOUNT_GROUPS_KEY, useAccountGroups } from '../useAccountGroups'
import { GroupFormModal } from './components/GroupFormModal'

/** /accountManage/group (customerMaster): create, rename and delete account groups. */
export default function AccountGroupPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const groups = useAccountGroups()
  const [keyword, setKeyword] = useState('')
  const [filterForm] = Form.useForm<{ keyword?: string }>()
  const [editing, setEditing] = useState<AccountGroupView | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ACCOUNT_GROUPS_KEY }),
      // group names show in the account list
      qc.invalidateQueries({ queryKey: ['accounts'] }),
    ])

  const rows = (groups.data ?? []).filter(
    (g) => !keyword || g.name.toLowerCase().includes(keyword.toLowerCase()),
  )
  const open = (row: AccountGroupView | null) => {
    setEditing(row)
    setFormOpen(true)
  }
  const save = async (name: string) => {
    if (editing) await renameAccountGroup(editing.id, name)
    else await createAccountGroup(name)
    message.success(t('common.saved'))
    await refresh()
  }
  const remove = async (row: AccountGroupView) => {
    await deleteAccountGroup(row.id)
    message.success(t('common.deleted'))
    await refresh()
  }

  const clearFilters = () => {
    filterForm.resetFields()
    setKeyword('')
  }

  return (
    <PageFrame
      title={t('menu.accountGroup')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="group-create">
          {t('account.createGroup')}
        </Button>
      }
    >
      <FilterBar<{ keyword?: string }>
        form={filterForm}
        name="group-search"
        onSearch={(v) => setKeyword(v.keyword?.trim() ?? '')}
        buttonTestIdPrefix="group-search"
      >
        <FilterItem name="keyword" label={t('account.groupName')}>
          <Input
            allowClear
            placeholder={t('account.groupSearchPlaceholder')}
            style={{ width: 220 }}
            data-testid="group-search"
          />
        </FilterItem>
      </FilterBar>
      <NamedItemTable<AccountGroupView>
        testIdPrefix="group"
        rows={rows}
        loading={groups.isFetching}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        keyword={keyword}
        titles={{
          name: t('account.groupName'),
          count: t('account.accountCount'),
          createdAt: t('account.createdAt'),
        }}
        count={{ of: (row) => row.accountCount, width: 120, align: 'right' }}
        createdAtWidth={200}
        editText={t('common.edit')}
        deleteText={(row) =>
          // deleting a group that still holds accounts is refused by the server; the dialog says so beforehand
          row.accountCount > 0
            ? t('account.groupDeleteHasAccounts', { name: row.name, count: row.accountCount })
            : t('account.groupDeleteText', { name: row.name })
        }
        onEdit={open}
        onDelete={remove}
        empty={
          keyword ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('account.groupEmptyTitle')}
              hint={t('account.groupEmptyHint')}
              action={{ label: t('account.createGroup'), onClick: () => open(null) }}
            />
          )
        }
      />
      <GroupFormModal open={formOpen} editing={editing} onClose={() => setFormOpen(false)} onSubmit={save} />
    </PageFrame>
  )
}
