import type { DeskSessionView } from '@app/core'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Table, Tag, Typography } from 'antd'
import { type HTMLAttributes, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deleteSession, setSessionFlag } from '../../../api/desk'
import { type InvalidFilters as Filters, pageInvalidCustomers } from '../../../api/fanInheritance'
import { HiddenPhone } from '../../../components/HiddenPhone'
import { formatDate } from '../../../utils/date'
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
    <div style={{ padding: 16 }}>
      <Card title={t('inheritance.invalid.title')}>
        <Typography.Paragraph type="secondary">{t('inheritance.invalid.hint')}</Typography.Paragraph>
        <InvalidFilters onChange={setFilters} />
        <Table<DeskSessionView>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('inheritance.invalid.empty') }}
          data-testid="invalid-table"
          onRow={(r) => ({ 'data-testid': `invalid-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'customer',
              title: t('inheritance.invalid.customer'),
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
              render: (_, r) => (r.fanPhone ? `+${r.fanPhone}` : r.fanPhoneHidden ? <HiddenPhone /> : '-'),
            },
            {
              key: 'account',
              title: t('inheritance.invalid.account'),
              render: (_, r) => (r.accountPhone ? `+${r.accountPhone}` : '-'),
            },
            {
              key: 'last',
              title: t('inheritance.invalid.lastMessage'),
              dataIndex: 'lastMessage',
              ellipsis: true,
            },
            {
              key: 'at',
              title: t('inheritance.invalid.lastActivity'),
              render: (_, r) => formatDate(r.lastActivityAt),
              width: 180,
            },
            {
              key: 'actions',
              title: t('inheritance.invalid.actions'),
              width: 160,
              render: (_, r) => (
                <Flex gap={8}>
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
          <Flex justify="center" style={{ marginTop: 12 }}>
            <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('inheritance.invalid.loadMore')}
            </Button>
          </Flex>
        ) : null}
      </Card>
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
    </div>
  )
}
