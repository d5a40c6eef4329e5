import { EditOutlined, ReloadOutlined } from '@ant-design/icons'
import { type DeskSessionView, GROUP_NICKNAME_MAX, GROUP_NOTE_MAX, type GroupInfoView } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Descriptions, Divider, Empty, Flex, Tag, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { groupInfo, setGroupRemark } from '../../../api/group'
import { PlaceholderLines } from '../../../components/Placeholder'
import { EditableText } from '../deskSession/sidePanel/EditableText'
import { lazyDialog } from '../lazyDialog'
import { GroupLink } from './GroupLink'
import { GroupMembers } from './GroupMembers'
import { RoleTag } from './RoleTag'
import { groupKeys, patchGroupInfo, useGroupInfo, useGroupUpdates } from './useGroup'

const GroupEditModal = lazyDialog(() => import('./GroupEditModal').then((m) => m.GroupEditModal))

/**
 * The right column of a group session (spec §3 "Group chat"): name, description, member count,
 * our account's role, edit permission, announcement group, the tenant's nickname and note, the
 * invite link with its QR code, and the members. What our account may do comes from the server
 * (`can`): only the owner or an admin manages members and the link (spec §6).
 */
export function GroupPanel({ session }: { session: DeskSessionView }) {
  const { t } = useTranslation()
  const info = useGroupInfo(session.id)
  useGroupUpdates(session.id)

  if (info.isPending) return <PlaceholderLines rows={8} />
  if (!info.data) {
    return (
      <Flex justify="center" style={{ paddingTop: 32 }} data-testid="group-panel">
        <Empty description={t('group.loadFailed')}>
          <Button onClick={() => void info.refetch()}>{t('common.refresh')}</Button>
        </Empty>
      </Flex>
    )
  }
  return <GroupDetail info={info.data} />
}

function GroupDetail({ info }: { info: GroupInfoView }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const { can, sessionId } = info
  const dash = <Typography.Text type="secondary">-</Typography.Text>

  const refresh = async () => {
    setRefreshing(true)
    try {
      qc.setQueryData(groupKeys.info(sessionId), await groupInfo(sessionId, true))
      await qc.invalidateQueries({ queryKey: groupKeys.membersAll(sessionId) })
      message.success(t('group.refreshed'))
    } catch {
      // the request client told the user
    } finally {
      setRefreshing(false)
    }
  }
  const saveRemark = async (patch: { note?: string; nickname?: string }) => {
    await setGroupRemark(sessionId, patch)
    patchGroupInfo(qc, sessionId, patch)
    message.success(t('common.saved'))
  }
  const remark = (field: 'nickname' | 'note', max: number) =>
    can.remark ? (
      <EditableText
        value={info[field]}
        maxLength={max}
        placeholder={t(`group.${field}Placeholder`)}
        onSave={(v) => saveRemark({ [field]: v })}
        testId={`group-${field}-input`}
        ariaLabel={t(`group.${field}`)}
      />
    ) : (
      info[field] || dash
    )

  return (
    <Flex vertical gap={12} data-testid="group-panel">
      <Flex justify="space-between" align="start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis={{ tooltip: info.subject }}>
            {info.subject || info.jid}
          </Typography.Title>
          <Flex gap={4} wrap style={{ marginTop: 6 }}>
            {info.ourRole ? (
              <RoleTag role={info.ourRole} />
            ) : (
              <Tag color="red" data-testid="group-not-member">
                {t('group.notMember')}
              </Tag>
            )}
            {info.announce ? <Tag color="orange">{t('group.announceTag')}</Tag> : null}
            {info.system ? <Tag>{t('group.systemTag')}</Tag> : null}
          </Flex>
        </div>
        <Flex gap={4}>
          <Tooltip title={t('group.refresh')}>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={refreshing}
              onClick={() => void refresh()}
              aria-label={t('group.refresh')}
              data-testid="group-refresh"
            />
          </Tooltip>
          {can.editInfo || can.editSettings ? (
            <Tooltip title={t('group.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
                aria-label={t('group.edit')}
                data-testid="group-edit"
              />
            </Tooltip>
          ) : null}
        </Flex>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        colon={false}
        styles={{ label: { width: 100 } }}
        items={[
          {
            key: 'description',
            label: t('group.description'),
            children: (
              <Typography.Paragraph
                style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                type={info.description ? undefined : 'secondary'}
                ellipsis={{ rows: 4, expandable: 'collapsible' }}
              >
                {info.description || t('group.noDescription')}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'members',
            label: t('group.members'),
            children: (
              <span data-testid="group-member-count">
                {t('group.memberCount', { count: info.memberCount, admins: info.adminCount })}
              </span>
            ),
          },
          {
            key: 'account',
            label: t('group.account'),
            children: info.accountPhone ? `+${info.accountPhone}` : dash,
          },
          {
            key: 'editPermission',
            label: t('group.editPermission'),
            children:
              info.editPermission === 'admin' ? t('group.editPermissionAdmin') : t('group.editPermissionAll'),
          },
          {
            key: 'announce',
            label: t('group.announce'),
            children: info.announce ? t('group.announceOn') : t('group.announceOff'),
          },
          { key: 'nickname', label: t('group.nickname'), children: remark('nickname', GROUP_NICKNAME_MAX) },
          { key: 'note', label: t('group.note'), children: remark('note', GROUP_NOTE_MAX) },
        ]}
      />
      <GroupLink info={info} />
      <Divider style={{ margin: '4px 0' }} />
      <GroupMembers info={info} />
      <GroupEditModal open={editing} info={info} onClose={() => setEditing(false)} />
    </Flex>
  )
}
