import { UserAddOutlined } from '@ant-design/icons'
import type { GroupInfoView, GroupMemberActionValue, GroupMemberView } from '@app/core'
import { App, Button, Flex, Input, List, Popconfirm, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { groupMemberAction } from '../../../api/group'
import { lazyDialog } from '../lazyDialog'
import { showMemberResults } from './memberResults'
import { RoleTag } from './RoleTag'
import { MEMBER_PAGE_SIZE, useGroupMembers } from './useGroup'

const AddMembersModal = lazyDialog(() => import('./AddMembersModal').then((m) => m.AddMembersModal))

/** The actions on one member: never on our own account or the owner. */
function actionsOf(m: GroupMemberView): GroupMemberActionValue[] {
  if (m.isSelf || m.role === 'owner') return []
  return m.role === 'admin' ? ['demote', 'remove'] : ['promote', 'remove']
}

/**
 * The members with their roles, owner first. An owner or admin (our account) adds members by
 * phone and promotes, demotes or removes them; the change is submitted to WhatsApp and the list
 * follows when it confirms.
 */
export function GroupMembers({ info }: { info: GroupInfoView }) {
  const { t } = useTranslation()
  const app = App.useApp()
  const [keyword, setKeyword] = useState('')
  const [pageNo, setPageNo] = useState(1)
  const [adding, setAdding] = useState(false)
  const [pending, setPending] = useState<string | null>(null)
  const members = useGroupMembers(info.sessionId, keyword, pageNo)
  const manage = info.can.manageMembers

  const act = async (m: GroupMemberView, action: GroupMemberActionValue) => {
    setPending(`${action}:${m.jid}`)
    try {
      const res = await groupMemberAction(info.sessionId, action, [m.jid])
      showMemberResults(app, t, res)
    } catch {
      // the request client told the user
    } finally {
      setPending(null)
    }
  }

  const actionButton = (m: GroupMemberView, action: GroupMemberActionValue) => {
    const button = (
      <Button
        key={action}
        type="link"
        size="small"
        danger={action === 'remove'}
        loading={pending === `${action}:${m.jid}`}
        onClick={action === 'remove' ? undefined : () => void act(m, action)}
        data-testid={`group-member-${action}-${m.jid}`}
        style={{ paddingInline: 4 }}
      >
        {t(`group.member.${action}`)}
      </Button>
    )
    if (action !== 'remove') return button
    return (
      <Popconfirm
        key={action}
        title={t('group.member.removeTitle', { name: m.name || (m.phone ? `+${m.phone}` : m.jid) })}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={() => act(m, 'remove')}
      >
        {button}
      </Popconfirm>
    )
  }

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">
          {t('group.members')} · {t('group.member.total', { total: members.data?.total ?? info.memberCount })}
        </Typography.Text>
        {manage ? (
          <Button
            size="small"
            type="primary"
            ghost
            icon={<UserAddOutlined />}
            onClick={() => setAdding(true)}
            data-testid="group-add-member"
          >
            {t('group.member.add')}
          </Button>
        ) : null}
      </Flex>
      <Input.Search
        size="small"
        allowClear
        placeholder={t('group.member.search')}
        onSearch={(v) => {
          setKeyword(v.trim())
          setPageNo(1)
        }}
        data-testid="group-member-search"
      />
      <List
        size="small"
        loading={members.isFetching}
        dataSource={members.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={
          (members.data?.total ?? 0) > MEMBER_PAGE_SIZE
            ? {
                size: 'small',
                simple: true,
                current: pageNo,
                pageSize: MEMBER_PAGE_SIZE,
                total: members.data?.total ?? 0,
                onChange: setPageNo,
              }
            : false
        }
        renderItem={(m) => {
          const sub = [m.name && m.phone ? `+${m.phone}` : '', m.isSelf ? t('group.self') : '']
            .filter(Boolean)
            .join(' · ')
          const actions = manage ? actionsOf(m) : []
          return (
            <List.Item
              key={m.jid}
              data-testid={`group-member-${m.jid}`}
              style={{ paddingInline: 0, display: 'block' }}
            >
              <Flex gap={6} align="center" style={{ minWidth: 0 }}>
                <Typography.Text ellipsis style={{ minWidth: 0 }}>
                  {m.name || (m.phone ? `+${m.phone}` : m.jid)}
                </Typography.Text>
                <RoleTag role={m.role} />
              </Flex>
              {sub || actions.length ? (
                <Flex justify="space-between" align="center" gap={4}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {sub}
                  </Typography.Text>
                  {actions.length ? <Flex>{actions.map((a) => actionButton(m, a))}</Flex> : null}
                </Flex>
              ) : null}
            </List.Item>
          )
        }}
      />
      <AddMembersModal open={adding} sessionId={info.sessionId} onClose={() => setAdding(false)} />
    </Flex>
  )
}
