import { formatAmount } from '@app/core'
import type { TFunction } from 'i18next'
import type { PageColumn } from '../../components/page/tableColumns'

interface OrderTerms {
  kind: string
  type: string
  quantity: number
  days: number
  amount: number
  sellerName: string | null
}

/** What an order sold, for how long and by whom: the columns every order table shows alike. */
export function orderTermsColumns<T extends OrderTerms>(t: TFunction): PageColumn<T>[] {
  return [
    {
      key: 'kind',
      title: t('billing.kind'),
      dataIndex: 'kind',
      width: 80,
      render: (k: string) => t(`billing.kinds.${k}`),
    },
    {
      key: 'type',
      title: t('billing.type'),
      dataIndex: 'type',
      width: 90,
      render: (k: string) => t(`billing.types.${k}`),
    },
    { key: 'quantity', title: t('billing.quantity'), dataIndex: 'quantity', width: 80 },
    { key: 'days', title: t('billing.days'), dataIndex: 'days', width: 80 },
    {
      key: 'amount',
      title: t('billing.amount'),
      dataIndex: 'amount',
      width: 110,
      render: (v: number) => formatAmount(v),
    },
    {
      key: 'seller',
      title: t('billing.seller'),
      dataIndex: 'sellerName',
      width: 120,
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
  ]
}
