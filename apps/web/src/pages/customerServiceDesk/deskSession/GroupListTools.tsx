import { UsergroupAddOutlined } from '@ant-design/icons'
import { Button, Flex } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SystemGroupsSwitch } from '../group'
import { lazyDialog } from '../lazyDialog'

const JoinGroupsModal = lazyDialog(() => import('../group/JoinGroupsModal').then((m) => m.JoinGroupsModal))

/** Above the group sessions: join groups by their links, and show or hide system groups. */
export function GroupListTools({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation()
  const [joining, setJoining] = useState(false)
  return (
    <Flex align="center" justify="space-between" gap={8} wrap>
      <Button
        size="small"
        icon={<UsergroupAddOutlined />}
        onClick={() => setJoining(true)}
        data-testid="desk-join-groups"
      >
        {t('group.join.title')}
      </Button>
      <SystemGroupsSwitch onChange={onChanged} />
      <JoinGroupsModal open={joining} onClose={() => setJoining(false)} onJoined={onChanged} />
    </Flex>
  )
}
