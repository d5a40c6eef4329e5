import { DownloadOutlined } from '@ant-design/icons'
import {
  FailureReason,
  type FailureReasonValue,
  type MassSendAccountView,
  type MassSendRecipientView,
  RECIPIENT_STATES,
  type RecipientStateValue,
} from '@app/core'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { Button, Flex, Select, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { exportRecipients, pageRecipients } from '../../../api/massSend'
import { currentLanguage } from '../../../i18n'
import { useMassSendKeys } from './MassSendLive'
import { recipientColumns } from './MassSendRecipientColumns'
import { reasonText } from './MassSendStatusTag'

type DeliveryFilter = 'delivered' | 'read' | 'replied'

interface Filters {
  state?: RecipientStateValue
  delivery?: DeliveryFilter
  failureReason?: FailureReasonValue
  accountId?: number
}

const PAGE_SIZE = 20

/**
 * A task's recipients in the order they are sent to, each with its state, times and every
 * sentence's send status and delivery (spec §4); filtered by state, delivery, failure reason and
 * sending account; paged by keyset ("more"); the filtered log exports to XLSX.
 */
export function MassSendRecipients({
  taskId,
  accounts,
}: {
  taskId: number
  accounts: MassSendAccountView[]
}) {
  const { t } = useTranslation()
  const keys = useMassSendKeys()
  const [filters, setFilters] = useState<Filters>({})
  const list = useInfiniteQuery({
    queryKey: [...keys.recipients(taskId), filters],
    queryFn: ({ pageParam }) =>
      pageRecipients({
        taskId,
        pageSize: PAGE_SIZE,
        ...filters,
        ...(pageParam ? { afterId: pageParam } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  })
  const rows = list.data?.pages.flatMap((p) => p.list) ?? []
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }))
  const phoneOf = (id: number) => accounts.find((a) => a.id === id)?.phone

  const download = () =>
    exportRecipients(
      { taskId, ...filters, utcOffsetMinutes: -new Date().getTimezoneOffset(), language: currentLanguage() },
      t('massSend.log.fileName', { id: taskId }),
    )

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" gap={8} wrap>
        <Flex gap={8} wrap>
          <Select<RecipientStateValue>
            aria-label={t('massSend.log.state')}
            allowClear
            placeholder={t('massSend.log.state')}
            onChange={(state) => set({ state })}
            options={RECIPIENT_STATES.map((s) => ({ value: s, label: t(`massSend.recipientStates.${s}`) }))}
            style={{ width: 140 }}
            data-testid="mass-send-log-state"
          />
          <Select<DeliveryFilter>
            aria-label={t('massSend.log.delivery')}
            allowClear
            placeholder={t('massSend.log.delivery')}
            onChange={(delivery) => set({ delivery })}
            options={(['delivered', 'read', 'replied'] as const).map((d) => ({
              value: d,
              label: t(`massSend.deliveries.${d}`),
            }))}
            style={{ width: 140 }}
            data-testid="mass-send-log-delivery"
          />
          <Select<FailureReasonValue>
            aria-label={t('massSend.log.failureReason')}
            allowClear
            placeholder={t('massSend.log.failureReason')}
            onChange={(failureReason) => set({ failureReason })}
            options={Object.values(FailureReason).map((r) => ({ value: r, label: reasonText(r) }))}
            style={{ width: 170 }}
            data-testid="mass-send-log-reason"
          />
          <Select<number>
            aria-label={t('massSend.log.account')}
            allowClear
            placeholder={t('massSend.log.account')}
            onChange={(accountId) => set({ accountId })}
            options={accounts.map((a) => ({ value: a.id, label: a.phone ? `+${a.phone}` : `#${a.id}` }))}
            style={{ width: 170 }}
            data-testid="mass-send-log-account"
          />
        </Flex>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void download()}
          data-testid="mass-send-log-export"
        >
          {t('massSend.log.export')}
        </Button>
      </Flex>
      <Table<MassSendRecipientView>
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.isFetchingNextPage}
        dataSource={rows}
        columns={recipientColumns(t, phoneOf)}
        pagination={false}
        scroll={{ x: 960 }}
        locale={{ emptyText: t('massSend.log.empty') }}
        onRow={(r) =>
          ({
            'data-testid': `mass-send-recipient-${r.id}`,
            'data-state': r.state,
          }) as React.HTMLAttributes<HTMLElement>
        }
      />
      <Flex justify="center">
        {list.hasNextPage ? (
          <Button
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            data-testid="mass-send-log-more"
          >
            {t('massSend.log.more')}
          </Button>
        ) : rows.length ? (
          <Typography.Text type="secondary">{t('massSend.log.end')}</Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  )
}
