import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Card, Empty, Flex, Input, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { merchantAccounts, merchantHistory, pageMerchantCodes } from '../../../api/merchants'
import { MerchantMessages } from '../components/MerchantMessages'

const PAGE_SIZE = 20
/** Codes the picker offers: the newest ones. */
const CODE_CHOICES = 100

/**
 * /apiInterface/chatHistory (customerMaster): the chats of the numbers linked through a code,
 * read-only, newest first and keyset paged; also for expired or revoked codes.
 */
export default function ApiInterfaceChatHistoryPage() {
  const { t } = useTranslation()
  const [codeId, setCodeId] = useState<number | undefined>(undefined)
  const [accountId, setAccountId] = useState<number | undefined>(undefined)
  const [keyword, setKeyword] = useState('')
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

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex gap={12} wrap>
          <Select
            aria-label={t('merchants.history.pickCode')}
            style={{ width: 240 }}
            placeholder={t('merchants.history.pickCode')}
            value={codeId}
            loading={codes.isLoading}
            onChange={(v: number) => {
              setCodeId(v)
              setAccountId(undefined)
            }}
            options={(codes.data?.list ?? []).map((c) => ({
              value: c.id,
              label: `${c.name} (${t(`merchants.codes.states.${c.state}`)})`,
            }))}
            data-testid="merchant-history-code"
          />
          <Select
            aria-label={t('merchants.history.account')}
            style={{ width: 220 }}
            value={accountId ?? 0}
            disabled={codeId === undefined}
            onChange={(v: number) => setAccountId(v || undefined)}
            options={[
              { value: 0, label: t('merchants.history.allNumbers') },
              ...(numbers.data ?? []).map((a) => ({ value: a.accountId, label: `+${a.phone}` })),
            ]}
            data-testid="merchant-history-number"
          />
          <Input.Search
            allowClear
            style={{ width: 240 }}
            placeholder={t('merchants.history.keyword')}
            disabled={codeId === undefined}
            onSearch={(v) => setKeyword(v.trim())}
          />
        </Flex>
        {codeId === undefined ? (
          <Empty description={t('merchants.history.pickCode')} />
        ) : (
          <MerchantMessages query={history} />
        )}
      </Flex>
    </Card>
  )
}
