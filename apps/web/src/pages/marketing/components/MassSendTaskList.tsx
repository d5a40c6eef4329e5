import {
  MASS_SEND_AUDIENCES,
  MASS_SEND_NAME_MAX,
  MASS_SEND_STATUSES,
  type MassSendAudienceValue,
  type MassSendPageBody,
  type MassSendStatusValue,
  type MassSendTaskView,
} from '@app/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Flex, Input, Select, Table } from 'antd'
import { type ReactNode, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageMassSend } from '../../../api/massSend'
import { tablePaging } from '../../../utils/tablePaging'
import { type MassSendListMode, massSendColumns } from './MassSendColumns'
import { useMassSendKeys, useMassSendLive } from './MassSendLive'

type Query = Pick<MassSendPageBody, 'pageNo' | 'pageSize'> & {
  name?: string
  status?: MassSendStatusValue
  audience?: MassSendAudienceValue
}

interface Props {
  mode: MassSendListMode
  /** buttons beside the filters (the new-task button) */
  extra?: ReactNode
  onLog?: (task: MassSendTaskView) => void
}

/**
 * The tasks, newest first, filtered by name, status and audience, with their counters kept live
 * over the socket and the actions each status allows.
 */
export function MassSendTaskList({ mode, extra, onLog }: Props) {
  const { t } = useTranslation()
  const keys = useMassSendKeys()
  useMassSendLive()
  const [query, setQuery] = useState<Query>({ pageNo: 1, pageSize: 10 })
  const page = useQuery({
    queryKey: [...keys.pages, query],
    queryFn: () => pageMassSend(query),
    placeholderData: keepPreviousData,
  })
  const columns = useMemo(() => massSendColumns(mode, t, onLog), [mode, t, onLog])
  const filter = (patch: Partial<Query>) => setQuery((q) => ({ ...q, ...patch, pageNo: 1 }))

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" gap={12} wrap>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            maxLength={MASS_SEND_NAME_MAX}
            placeholder={t('massSend.list.searchPlaceholder')}
            onSearch={(v) => filter({ name: v.trim() || undefined })}
            style={{ width: 240 }}
            data-testid="mass-send-search"
          />
          <Select<MassSendStatusValue>
            aria-label={t('massSend.list.status')}
            allowClear
            placeholder={t('massSend.list.status')}
            onChange={(status) => filter({ status })}
            options={MASS_SEND_STATUSES.map((s) => ({ value: s, label: t(`massSend.statuses.${s}`) }))}
            style={{ width: 140 }}
            data-testid="mass-send-filter-status"
          />
          <Select<MassSendAudienceValue>
            aria-label={t('massSend.list.audience')}
            allowClear
            placeholder={t('massSend.list.audience')}
            onChange={(audience) => filter({ audience })}
            options={MASS_SEND_AUDIENCES.map((a) => ({ value: a, label: t(`massSend.audiences.${a}`) }))}
            style={{ width: 140 }}
            data-testid="mass-send-filter-audience"
          />
        </Flex>
        {extra}
      </Flex>
      <Table<MassSendTaskView>
        rowKey="id"
        size="middle"
        loading={page.isFetching && !page.data}
        dataSource={page.data?.list ?? []}
        columns={columns}
        pagination={tablePaging(query, page.data?.total, setQuery)}
        scroll={{ x: mode === 'log' ? 1080 : 1000 }}
        locale={{ emptyText: t('massSend.list.empty') }}
        onRow={(task) => ({ 'data-testid': `mass-send-row-${task.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </Flex>
  )
}
