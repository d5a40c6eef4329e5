import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Form, Input, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { merchantAccounts, merchantHistory, pageMerchantCodes } from '../../../api/merchants'
import { EmptyState } from '../../../components/page/EmptyState'
import { FilterBar, FilterItem } from '../../../components/page/FilterBar'
import { PageFrame } from '../../../components/page/PageFrame'
import { MerchantMessages } from '../components/MerchantMessages'

const PAGE_SIZE = 20
/** Codes the picker offers: the newest ones. */
const CODE_CHOICES = 100

interface HistoryFilters {
  codeId?: number
  /** 0: every number of the code */
  accountId: number
  keyword?: string
}

const FIRST_FILTERS: HistoryFilters = { accountId: 0 }

/**
 * /apiInterface/chatHistory (customerMaster): the chats of the numbers linked through a code,
 * read-only, newest first and keyset paged; also for expired or revoked codes.
 */
export default function ApiInterfaceChatHistoryPage() {
  const { t } = useTranslation()
  const [filterForm] = Form.useForm<HistoryFilters>()
  const [filters, setFilters] = useState<HistoryFilters>(FIRST_FILTERS)
  const { codeId, accountId } = filters
  const keyword = filters.keyword ?? ''
  const codes = useQuery({
    queryKey: ['merchant', 'codes', 'choices'],
    queryFn: () => pageMerchantCodes({ pageNo: 1, pageSize: CODE_CHOICES }),
  })
  const numbers = useQuery({
    queryKey: ['merchant', 'accounts', codeId],
    queryFn: () => merchantAccounts(codeId as number),
    enabled: codeId !== undefined,
  })
  const history = useInfiniteQuery({
    queryKey: ['merchant', 'history', codeId, accountId, keyword],
    queryFn: ({ pageParam }) =>
      merchantHistory({
        id: codeId as number,
        pageSize: PAGE_SIZE,
        ...(accountId ? { accountId } : {}),
        ...(keyword ? { keyword } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: codeId !== undefined,
  })
  const search = (v: HistoryFilters) =>
    setFilters({ codeId: v.codeId, accountId: v.accountId ?? 0, keyword: v.keyword?.trim() || undefined })
  // a code or a number shows its messages at once; the keyword waits for Search (or Enter)
  const searchNow = () => search(filterForm.getFieldsValue(true) as HistoryFilters)

  return (
    <PageFrame title={t('menu.apiInterfaceChatHistory')}>
      <FilterBar<HistoryFilters>
        form={filterForm}
        name="merchant-history-filters"
        initialValues={FIRST_FILTERS}
        onSearch={search}
        buttonTestIdPrefix="merchant-history-filter"
      >
        <FilterItem name="codeId" label={t('merchants.history.code')}>
          <Select<number>
            style={{ width: 240 }}
            placeholder={t('merchants.history.pickCode')}
            loading={codes.isLoading}
            onChange={() => {
              // another code's numbers are not this one's
              filterForm.setFieldValue('accountId', 0)
              searchNow()
            }}
            options={(codes.data?.list ?? []).map((c) => ({
              value: c.id,
              label: `${c.name} (${t(`merchants.codes.states.${c.state}`)})`,
            }))}
            data-testid="merchant-history-code"
          />
        </FilterItem>
        <FilterItem name="accountId" label={t('merchants.history.account')}>
          <Select<number>
            style={{ width: 220 }}
            disabled={codeId === undefined}
            onChange={searchNow}
            options={[
              { value: 0, label: t('merchants.history.allNumbers') },
              ...(numbers.data ?? []).map((a) => ({ value: a.accountId, label: `+${a.phone}` })),
            ]}
            data-testid="merchant-history-number"
          />
        </FilterItem>
        <FilterItem name="keyword" label={t('merchants.history.keyword')}>
          <Input
            allowClear
            style={{ width: 240 }}
            placeholder={t('merchants.history.keyword')}
            disabled={codeId === undefined}
          />
        </FilterItem>
      </FilterBar>
      {codeId === undefined ? (
        <EmptyState
          testId="merchant-history-pick-code"
          title={t('merchants.history.pickCode')}
          hint={t('merchants.history.pickCodeHint')}
        />
      ) : (
        <MerchantMessages query={history} />
      )}
    </PageFrame>
  )
}
