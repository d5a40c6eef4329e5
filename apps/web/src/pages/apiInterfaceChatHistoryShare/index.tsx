import { MessageOutlined } from '@ant-design/icons'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Alert, Card, Flex, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { publicMerchantHistory, publicMerchantInfo } from '../../api/merchants'
import { codeFromLink, invalidCodeText, refusalOf } from '../apiInterface/components/codeErrors'
import { MerchantMessages } from '../apiInterface/components/MerchantMessages'
import { PublicFrame, RefusedCode } from '../apiInterface/components/PublicFrame'

const PAGE_SIZE = 20

function SharedHistory({ code }: { code: string }) {
  const { t } = useTranslation()
  const [accountId, setAccountId] = useState<number | undefined>(undefined)
  const info = useQuery({
    queryKey: ['merchant', 'public', 'info', code],
    queryFn: () => publicMerchantInfo(code),
    retry: false,
  })
  const history = useInfiniteQuery({
    queryKey: ['merchant', 'public', 'history', code, accountId],
    queryFn: ({ pageParam }) =>
      publicMerchantHistory(code, {
        pageSize: PAGE_SIZE,
        ...(accountId ? { accountId } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: info.isSuccess,
    retry: false,
  })
  const refused = refusalOf(info.error) ?? refusalOf(history.error)
  if (refused) return <RefusedCode message={refused} />
  return (
    <Card>
      <Flex vertical gap={16}>
        <Select
          style={{ width: 260 }}
          value={accountId ?? 0}
          onChange={(v) => setAccountId(v || undefined)}
          options={[
            { value: 0, label: t('merchants.history.allNumbers') },
            ...(info.data?.accounts ?? []).map((a) => ({ value: a.accountId, label: `+${a.phone}` })),
          ]}
          data-testid="merchant-history-account"
        />
        {history.isError ? (
          <Alert type="error" showIcon title={history.error instanceof Error ? history.error.message : ''} />
        ) : null}
        <MerchantMessages query={history} />
      </Flex>
    </Card>
  )
}

/** /apiInterfaceChatHistoryShare?c=<code>: the chats of the numbers a supplier linked, read-only, no sign-in. */
export default function ApiInterfaceChatHistorySharePage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const code = codeFromLink(params.get('c'))
  return (
    <PublicFrame
      title={t('merchants.public.historyTitle')}
      subtitle={t('merchants.public.historySubtitle')}
      icon={<MessageOutlined />}
    >
      {code ? <SharedHistory code={code} /> : <RefusedCode message={invalidCodeText()} />}
    </PublicFrame>
  )
}
