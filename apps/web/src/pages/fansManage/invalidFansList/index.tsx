import type { DeskSessionView } from '@app/core'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Flex, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { deleteSession, setSessionFlag } from '../../../api/desk'
import { type InvalidFilters as Filters, pageInvalidCustomers } from '../../../api/fanInheritance'
import { HiddenPhone } from '../../../components/HiddenPhone'
import { DataTable } from '../../../components/page/DataTable'
import { EmptyState } from '../../../components/page/EmptyState'
import { PageFrame } from '../../../components/page/PageFrame'
import { actionsWidth } from '../../../components/page/tableColumns'
import { formatDate, formatPhone } from '../../../utils/format'
import { DeleteSessionModal } from '../../customerServiceDesk/deskSession/DeleteSessionModal'
import { InvalidFilters } from './InvalidFilters'

const invalidKeys = {
  all: ['inheritance', 'invalid'] as const,
  list: (f: Filters) => ['inheritance', 'invalid', f] as const,
}

/**
 * /fansManage/invalidFansList: every invalid customer of the tenant, of every agent (the desk's
 * invalid list, whole-tenant for the supervisor), with restore and delete (reason and `del`).
 */
export default function InvalidFansListPage() {
  const { t } = useTranslation()
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const navigate = useNavigate()
  const [filters, setFilters] = useState<Filters>({})
  const [deleting, setDeleting] = useState<DeskSessionView | null>(null)
  const list = useInfiniteQuery({
    queryKey: invalidKeys.list(filters),
    queryFn: ({ pageParam }) => pageInvalidCustomers(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const rows = (list.data?.pages ?? []).flatMap((p) => p.list)
  const refresh = () => void qc.invalidateQueries({ queryKey: invalidKeys.all })

  const restore = (row: DeskSessionView) =>
    modal.confirm({
      title: t('inheritance.invalid.restoreConfirm', { name: row.title }),
      okText: t('inheritance.invalid.restore'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await setSessionFlag(row.id, 'invalid', false)
        message.success(t('inheritance.invalid.restored'))
        refresh()
      },
    })

  return (
    <PageFrame title={t('menu.invalidFansList')}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('inheritance.invalid.hint')}
      </Typography.Paragraph>
      <InvalidFilters name="invalid-filters" onChange={setFilters} />
      <DataTable<DeskSessionView>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        empty={
          <EmptyState
            title={t('inheritance.invalid.empty')}
            hint={t('inheritance.invalid.emptyHint')}
            action={{ label: t('menu.fansList'), onClick: () => navigate('/fansManage/list') }}
          />
        }
        data-testid="invalid-table"
        rowTestId={(r) => `invalid-row-${r.id}`}
        columns={[
          {
            key: 'customer',
            title: t('inheritance.invalid.customer'),
            ellipsis: true,
            tooltip: (r) => r.title,
            render: (_, r) => (
              <span>
                {r.type === 'group' ? <Tag>{t('inheritance.invalid.group')}</Tag> : null}
                {r.title || (r.fanPhoneHidden ? t('fans.phoneHidden') : '')}
              </span>
            ),
          },
          {
            key: 'phone',
            title: t('inheritance.invalid.phone'),
            width: 160,
            render: (_, r) =>
              r.fanPhone ? formatPhone(r.fanPhone) : r.fanPhoneHidden ? <HiddenPhone /> : '-',
          },
          {
            key: 'account',
            title: t('inheritance.invalid.account'),
            width: 160,
            render: (_, r) => formatPhone(r.accountPhone) || '-',
          },
          {
            key: 'last',
            title: t('inheritance.invalid.lastMessage'),
            dataIndex: 'lastMessage',
            width: 200,
            ellipsis: true,
          },
          {
            key: 'at',
            title: t('inheritance.invalid.lastActivity'),
            render: (_, r) => formatDate(r.lastActivityAt),
            width: 170,
          },
          {
            key: 'actions',
            title: t('inheritance.invalid.actions'),
            actions: true,
            width: actionsWidth([t('inheritance.invalid.restore'), t('inheritance.invalid.delete')], {
              extra: 20,
            }),
            render: (_, r) => (
              <Flex gap={8} wrap={false}>
                <Button size="small" onClick={() => restore(r)} data-testid={`invalid-restore-${r.id}`}>
                  {t('inheritance.invalid.restore')}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => setDeleting(r)}
                  data-testid={`invalid-delete-${r.id}`}
                >
                  {t('inheritance.invalid.delete')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      {list.hasNextPage ? (
        <Flex justify="center">
          <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('inheritance.invalid.loadMore')}
          </Button>
        </Flex>
      ) : null}
      <DeleteSessionModal
        session={deleting}
        onClose={() => setDeleting(null)}
        onDelete={async (row, reason) => {
          await deleteSession(row.id, reason)
          message.success(t('inheritance.invalid.deleted'))
          setDeleting(null)
          refresh()
          void qc.invalidateQueries({ queryKey: ['inheritance', 'deletions'] })
        }}
      />
    </PageFrame>
  )
}
