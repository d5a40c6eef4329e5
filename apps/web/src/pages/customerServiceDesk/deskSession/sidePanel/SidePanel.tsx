import type { DeskSessionView } from '@app/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Empty, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { sessionDetail } from '../../../../api/desk'
import { lazyPart } from '../../../../components/lazyPart'
import { PlaceholderLines } from '../../../../components/Placeholder'
import { useSocketEvent } from '../../../../realtime'
import { deskKeys } from '../../queryKeys'
import { CustomerPanel } from './CustomerPanel'

const panelSkeleton = <PlaceholderLines rows={8} />

// a group session's panel (members, link, settings) loads when a group chat is first opened
const GroupPanel = lazyPart(() => import('../../group/GroupPanel').then((m) => m.GroupPanel), panelSkeleton)

/** The right column: the customer of a personal session, the group panel of a group session. */
export function SidePanel({ session }: { session: DeskSessionView }) {
  const { t } = useTranslation()
  const detail = useQuery({
    queryKey: deskKeys.detail(session.id),
    queryFn: () => sessionDetail(session.id),
    enabled: session.type !== 'group',
  })
  const qc = useQueryClient()
  // the phone WhatsApp had hidden became known: the customer's details are read again
  useSocketEvent('session.updated', (e) => {
    if (e.sessionId === session.id && e.changes.fanPhone !== undefined)
      void qc.invalidateQueries({ queryKey: deskKeys.detail(session.id) })
  })
  if (session.type === 'group') return <GroupPanel session={session} />
  if (detail.isPending) return panelSkeleton
  if (!detail.data?.fan) {
    return (
      <Flex justify="center" style={{ paddingTop: 32 }}>
        <Empty description={t('desk.panel.noCustomer')} />
      </Flex>
    )
  }
  return <CustomerPanel detail={detail.data} fan={detail.data.fan} />
}
