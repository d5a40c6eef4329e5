import type { GroupRoleValue } from '@app/core'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const COLORS: Record<GroupRoleValue, string> = { owner: 'gold', admin: 'blue', member: 'default' }

/** A member's role in a group: owner, admin or member. */
export function RoleTag({ role }: { role: GroupRoleValue }) {
  const { t } = useTranslation()
  return (
    <Tag color={COLORS[role]} data-testid={`group-role-${role}`} style={{ marginInlineEnd: 0 }}>
      {t(`group.role.${role}`)}
    </Tag>
  )
}
