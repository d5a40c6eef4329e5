import { MessageOutlined } from '@ant-design/icons'
import type { FanDetail } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Button, Descriptions, Drawer, Empty, List, Spin, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { fanDetail } from '../../../api/fans'
import { HiddenPhone } from '../../../components/HiddenPhone'
import { formatCountry, formatDate, formatPhone } from '../../../utils/format'
import { DESK_SESSION_PATH } from '../../customerServiceDesk/layout/railEntries'
import { useTenantAgents } from '../../customerServiceDesk/useTenantAgents'

/** A customer's fields, labels and sessions (account, agent, last activity), each opening its chat on the desk. */
export function FanDetailDrawer({ fanId, onClose }: { fanId: number | null; onClose: () => void }) {
  const { t } = useTranslation()
  const detail = useQuery({
    queryKey: ['fans', 'detail', fanId],
    queryFn: () => fanDetail(fanId as number),
    enabled: fanId !== null,
  })
  return (
    <Drawer
      open={fanId !== null}
      onClose={onClose}
      title={t('fans.detail.title')}
      size={560}
      destroyOnHidden
      data-testid="fan-detail"
    >
      {detail.data ? <FanDetailBody detail={detail.data} /> : <Spin />}
    </Drawer>
  )
}

function FanDetailBody({ detail }: { detail: FanDetail }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const agents = useTenantAgents()
  const agentName = (id: number | null) => {
    if (id === null) return t('fans.detail.unallocated')
    const a = agents.data?.find((x) => x.id === id)
    return a ? a.nickname || a.username : `#${id}`
  }
  const { fan, sessions } = detail
  const item = (key: string, value: ReactNode) => ({ key, label: t(`fans.detail.${key}`), children: value })
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          item('nickname', fan.nickname || '-'),
          item('pushName', fan.pushName || '-'),
          item('remark', fan.remark || '-'),
          item(
            'phone',
            fan.phone ? formatPhone(fan.phone) : fan.phoneHidden ? <HiddenPhone lid={fan.lid} /> : '-',
          ),
          item('account', formatPhone(fan.accountPhone) || '-'),
          item('group', fan.accountGroupName ?? '-'),
          item('source', t(`fans.sources.${fan.source}`)),
          item('country', formatCountry(fan.country) || '-'),
          item('createdAt', formatDate(fan.createdAt)),
          item('lastMessageAt', formatDate(fan.lastMessageAt) || '-'),
          item('labels', fan.labels.length ? fan.labels.map((l) => <Tag key={l.id}>{l.name}</Tag>) : '-'),
          item(
            'flags',
            <>
              {fan.repeat ? <Tag color="orange">{t('fans.flags.repeat')}</Tag> : null}
              {fan.inherited ? <Tag color="purple">{t('fans.flags.inherited')}</Tag> : null}
              {fan.invalid ? <Tag color="red">{t('fans.flags.invalid')}</Tag> : null}
              <Tag color={fan.massSendEnabled ? 'green' : undefined}>
                {fan.massSendEnabled ? t('fans.detail.massAllowed') : t('fans.flags.massForbidden')}
              </Tag>
            </>,
          ),
        ]}
        data-testid="fan-detail-fields"
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('fans.detail.sessions')}
      </Typography.Title>
      {sessions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fans.detail.noSessions')} />
      ) : (
        <List
          dataSource={sessions}
          renderItem={(s) => (
            <List.Item
              key={s.id}
              actions={[
                <Button
                  key="open"
                  type="link"
                  icon={<MessageOutlined />}
                  onClick={() => navigate(`${DESK_SESSION_PATH}?sessionId=${s.id}`)}
                  data-testid={`fan-open-chat-${s.id}`}
                >
                  {t('fans.detail.openChat')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={formatPhone(s.accountPhone) || `#${s.accountId}`}
                description={
                  <>
                    {t('fans.detail.agent')}: {agentName(s.agentUserId)} · {t('fans.detail.lastActivity')}:{' '}
                    {formatDate(s.lastActivityAt)}
                    {s.invalid ? (
                      <Tag color="red" style={{ marginLeft: 8 }}>
                        {t('fans.flags.invalid')}
                      </Tag>
                    ) : null}
                  </>
                }
              />
            </List.Item>
          )}
          data-testid="fan-detail-sessions"
        />
      )}
    </>
  )
}
