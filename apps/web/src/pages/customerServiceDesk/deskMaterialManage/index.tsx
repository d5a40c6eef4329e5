import { MaterialOwnerType, Role } from '@app/core'
import { Card, Tabs } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MaterialLibrary } from '../../../components/material/library/MaterialLibrary'
import { useSession } from '../../../stores/session'

type Library = 'personal' | 'public'

/**
 * /customerServiceDesk/deskMaterialManage ("my material"): the agent's personal message
 * materials to create, edit, enable and delete, and the public library to look at (only the
 * supervisor changes it).
 */
export default function DeskMaterialManagePage() {
  const { t } = useTranslation()
  const isMaster = useSession((s) => s.roles.includes(Role.customerMaster))
  const [library, setLibrary] = useState<Library>('personal')
  return (
    <Card>
      <Tabs
        activeKey={library}
        onChange={(key) => setLibrary(key as Library)}
        items={[
          { key: 'personal', label: t('material.personalLibrary') },
          { key: 'public', label: t('material.publicLibrary') },
        ]}
      />
      {library === 'personal' ? (
        <MaterialLibrary key="personal" ownerType={MaterialOwnerType.personal} usage="message" />
      ) : (
        <MaterialLibrary
          key="public"
          ownerType={MaterialOwnerType.public}
          usage="message"
          readOnly={!isMaster}
        />
      )}
    </Card>
  )
}
