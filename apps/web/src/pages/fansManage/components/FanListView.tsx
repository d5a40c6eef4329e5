import { DownloadOutlined, ImportOutlined } from '@ant-design/icons'
import { FanBatchOutcome, type FanBatchResult, type FanFilter } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Form } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  batchFanInvalid,
  batchFanLabels,
  batchFanMassSend,
  batchFanMigrate,
  exportFans,
} from '../../../api/fans'
import { refreshLabels } from '../../../components/label/useLabels'
import { EmptyState, NoMatches } from '../../../components/page/EmptyState'
import { PageFrame } from '../../../components/page/PageFrame'
import { useDesk } from '../../../stores/desk'
import { FanBatchBar, type FanBatchScope } from './FanBatchBar'
import { FanDetailDrawer } from './FanDetailDrawer'
import { FAN_FILTER_DEFAULTS, FanFilters, type FanFilterValues, isFiltered, toFanFilter } from './FanFilters'
import { FanImportModal } from './FanImportModal'
import { FanLabelsModal } from './FanLabelsModal'
import { FANS_KEY, useFanPages } from './FanListState'
import { FanMigrateModal } from './FanMigrateModal'
import { FanPager } from './FanPager'
import { FanTable } from './FanTable'

type Dialog = 'labels' | 'migrate' | 'import' | null

/**
 * The customers list, shared by the supervisor's /fansManage/list (`desk` false: the whole tenant,
 * with account groups, export and import) and the desk's "my customer" (the fans of the desk's
 * sessions). Filters, keyset pages, the selection's batch actions and a customer's drawer.
 */
export function FanListView({ desk }: { desk: boolean }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const deskOwner = useDesk((s) => s.owner?.userId ?? null)
  const [filter, setFilter] = useState<FanFilter>(() => toFanFilter(FAN_FILTER_DEFAULTS))
  const [selectedIds, setSelectedIds] = useState<number[]>([])
  const [scope, setScope] = useState<FanBatchScope>('selected')
  const [dialog, setDialog] = useState<Dialog>(null)
  const [openFan, setOpenFan] = useState<number | null>(null)
  const [filterForm] = Form.useForm<FanFilterValues>()
  const scopeKey = desk ? `desk:${deskOwner ?? ''}` : 'tenant'
  const list = useFanPages(filter, scopeKey)
  const total = list.count.data
  const rows = list.page.data?.list ?? []

  const search = (next: FanFilter) => {
    setFilter(next)
    setSelectedIds([])
  }
  const target = () => (scope === 'all' ? { filter } : { fanIds: selectedIds })
  /** After a batch: say what happened, read the list again, start a new selection. */
  const done = async (r: FanBatchResult) => {
    const counts = { matched: r.matched, changed: r.changed, missing: r.notFound }
    message.success(t(r.notFound ? 'fans.batch.doneWithMissing' : 'fans.batch.done', counts))
    const noSession = r.items.filter((i) => i.outcome === FanBatchOutcome.noSession).length
    if (noSession) message.warning(t('fans.batch.noSession', { count: noSession }))
    setSelectedIds([])
    setDialog(null)
    await qc.invalidateQueries({ queryKey: FANS_KEY })
  }
  const exportList = () => {
    const body = {
      filter,
      ...(selectedIds.length ? { fanIds: selectedIds } : {}),
      utcOffsetMinutes: -new Date().getTimezoneOffset(),
    }
    const day = new Date().toISOString().slice(0, 10)
    return exportFans(body, `${t('fans.export.file')}-${day}.xlsx`)
  }

  const clearFilters = () => {
    filterForm.resetFields()
    search(toFanFilter(FAN_FILTER_DEFAULTS))
  }
  const importButton = (
    <Button icon={<ImportOutlined />} onClick={() => setDialog('import')} data-testid="fan-import">
      {t('fans.import.action')}
    </Button>
  )
  const content = (
    <>
      <FanFilters desk={desk} scope={scopeKey} form={filterForm} onSearch={search} />
      <FanTable
        rows={rows}
        loading={list.page.isFetching}
        keyword={filter.keyword}
        selectedIds={selectedIds}
        onSelect={setSelectedIds}
        onOpen={(f) => setOpenFan(f.id)}
        toolbar={
          <Flex justify="space-between" align="center" gap={12} wrap>
            <FanBatchBar
              selected={selectedIds.length}
              total={total}
              scope={scope}
              onScope={setScope}
              onLabels={() => setDialog('labels')}
              onMassSend={(value) => batchFanMassSend({ ...target(), value }).then(done)}
              onInvalid={(value) => batchFanInvalid(selectedIds, value).then(done)}
              onMigrate={() => setDialog('migrate')}
            />
            {desk ? importButton : null}
          </Flex>
        }
        empty={
          isFiltered(filter) ? (
            <NoMatches onClear={clearFilters} />
          ) : (
            <EmptyState
              title={t('fans.empty')}
              hint={t('fans.emptyHint')}
              action={{
                label: t('fans.import.action'),
                onClick: () => setDialog('import'),
                testId: 'fan-empty-import',
              }}
            />
          )
        }
      />
      <FanPager list={list} total={total} counting={list.count.isFetching} />
    </>
  )

  return (
    <>
      {desk ? (
        <Card>
          <Flex vertical gap={16}>
            {content}
          </Flex>
        </Card>
      ) : (
        <PageFrame
          title={t('menu.fansList')}
          actions={
            <>
              {importButton}
              <Button icon={<DownloadOutlined />} onClick={() => void exportList()} data-testid="fan-export">
                {t('fans.export.action')}
              </Button>
            </>
          }
        >
          {content}
        </PageFrame>
      )}
      <FanLabelsModal
        open={dialog === 'labels'}
        target={
          scope === 'all'
            ? `${t('fans.batch.scopeAll')} (${total ?? ''})`
            : t('fans.batch.selected', { count: selectedIds.length })
        }
        onClose={() => setDialog(null)}
        onSubmit={async (mode, labelIds) => {
          await done(await batchFanLabels({ ...target(), mode, labelIds }))
          await refreshLabels(qc)
        }}
      />
      <FanMigrateModal
        open={dialog === 'migrate'}
        exceptId={desk ? deskOwner : null}
        onClose={() => setDialog(null)}
        onSubmit={(userId) => batchFanMigrate(selectedIds, userId).then(done)}
      />
      <FanImportModal
        open={dialog === 'import'}
        scope={scopeKey}
        onClose={() => setDialog(null)}
        onImported={() => void qc.invalidateQueries({ queryKey: FANS_KEY })}
      />
      <FanDetailDrawer fanId={openFan} onClose={() => setOpenFan(null)} />
    </>
  )
}
