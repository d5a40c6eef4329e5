import { PlusOutlined } from '@ant-design/icons'
import { type Announcement, AnnouncementStatus } from '@app/core'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Form } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type AnnouncementInput,
  type AnnouncementQuery,
  createAnnouncement,
  deleteAnnouncement,
  pageAnnouncements,
  updateAnnouncement,
} from '../../../api/announcement'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { PageFrame } from '../../../components/page/PageFrame'
import { AnnouncementFormModal } from './components/AnnouncementFormModal'
import { type AnnouncementFilters, AnnouncementSearch } from './components/AnnouncementSearch'
import { AnnouncementTable } from './components/AnnouncementTable'

/** /announcementManage/index (admin): list, search, create, edit, enable/disable, delete. */
export default function AnnouncementManagePage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [query, setQuery] = useState<AnnouncementQuery>({ pageNo: 1, pageSize: 10 })
  const [editing, setEditing] = useState<Announcement | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [filterForm] = Form.useForm<AnnouncementFilters>()

  const page = useQuery({
    queryKey: ['announcements', 'page', query],
    queryFn: () => pageAnnouncements(query),
    placeholderData: keepPreviousData,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['announcements'] })

  const save = useMutation({
    mutationFn: (input: AnnouncementInput) =>
      editing ? updateAnnouncement({ ...input, id: editing.id }) : createAnnouncement(input),
    onSuccess: () => {
      message.success(t('common.saved'))
      return refresh()
    },
  })
  const toggle = useMutation({
    mutationFn: ({ row, enabled }: { row: Announcement; enabled: boolean }) =>
      updateAnnouncement({
        id: row.id,
        title: row.title,
        content: row.content,
        status: enabled ? AnnouncementStatus.enabled : AnnouncementStatus.disabled,
      }),
    onSuccess: () => {
      message.success(t('announcement.statusChanged'))
      return refresh()
    },
  })
  const remove = useMutation({
    mutationFn: (row: Announcement) => deleteAnnouncement(row.id),
    onSuccess: () => {
      message.success(t('common.deleted'))
      const lastOnPage = page.data?.list.length === 1 && query.pageNo > 1
      if (lastOnPage) setQuery((q) => ({ ...q, pageNo: q.pageNo - 1 }))
      return refresh()
    },
  })

  const onSearch = (filters: AnnouncementFilters) =>
    setQuery((q) => ({ pageNo: 1, pageSize: q.pageSize, ...filters }))
  const openForm = (row: Announcement | null) => {
    setEditing(row)
    setFormOpen(true)
  }
  const filtered = query.title !== undefined || query.status !== undefined
  const clearFilters = () => {
    filterForm.resetFields()
    onSearch({})
  }

  return (
    <PageFrame
      title={t('menu.announcementManage')}
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => openForm(null)}
          data-testid="announcement-create"
        >
          {t('common.create')}
        </Button>
      }
    >
      <AnnouncementSearch form={filterForm} onSearch={onSearch} />
      <AnnouncementTable
        rows={page.data?.list ?? []}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        pageNo={query.pageNo}
        pageSize={query.pageSize}
        keyword={query.title}
        onPage={(pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize }))}
        onEdit={openForm}
        onToggle={(row, enabled) => toggle.mutateAsync({ row, enabled }).catch(() => undefined)}
        onDelete={(row) => remove.mutateAsync(row)}
        togglingId={toggle.isPending ? toggle.variables?.row.id : undefined}
        empty={
          page.isFetching ? undefined : filtered ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('announcement.emptyTitle')}
              hint={t('announcement.emptyHint')}
              action={{ label: t('announcement.createTitle'), onClick: () => openForm(null) }}
            />
          )
        }
      />
      <AnnouncementFormModal
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        onSubmit={save.mutateAsync}
      />
    </PageFrame>
  )
}
