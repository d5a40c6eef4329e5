import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Flex, Switch, Tooltip, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { setSystemGroupsSetting, systemGroupsSetting } from '../../../api/group'

const SYSTEM_GROUPS_KEY = ['desk', 'group', 'systemGroups'] as const

/**
 * Show or hide system groups (announcement-only groups where our account is a plain member) in
 * the desk user's session list; the choice is kept on the server per desk user.
 * `onChange` lets the list reload.
 */
export function SystemGroupsSwitch({ onChange }: { onChange?: (show: boolean) => void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const setting = useQuery({ queryKey: SYSTEM_GROUPS_KEY, queryFn: systemGroupsSetting })
  const toggle = async (show: boolean) => {
    try {
      qc.setQueryData(SYSTEM_GROUPS_KEY, await setSystemGroupsSetting(show))
      onChange?.(show)
    } catch {
      // the request client told the user; the switch stays as it was
    }
  }
  return (
    <Tooltip title={t('group.systemGroups.hint')}>
      <Flex gap={6} align="center">
        <Switch
          size="small"
          checked={setting.data?.show ?? true}
          loading={setting.isPending}
          onChange={(v) => void toggle(v)}
          data-testid="system-groups-switch"
        />
        <Typography.Text>{t('group.systemGroups.show')}</Typography.Text>
      </Flex>
    </Tooltip>
  )
}
