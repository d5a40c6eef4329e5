import { DownOutlined, HomeOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons'
import { Access as Areas } from '@app/core'
import { Avatar, Button, Dropdown, type MenuProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Access } from '../../app/Access'
import { logout } from '../../app/session'
import { ChangePasswordModal } from '../../components/ChangePasswordModal'
import { useIsCustomerMaster, useSession } from '../../stores/session'

/** Avatar and name; home, change password (customerMaster only) and log out. */
export function UserDropdown({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const user = useSession((s) => s.user)
  const isMaster = useIsCustomerMaster()
  const [passwordOpen, setPasswordOpen] = useState(false)

  const items: MenuProps['items'] = [
    {
      key: 'home',
      icon: <HomeOutlined />,
      label: <span data-testid="user-menu-home">{t('layout.userMenuHome')}</span>,
    },
    ...(isMaster
      ? [
          {
            key: 'password',
            icon: <KeyOutlined />,
            label: <span data-testid="user-menu-password">{t('layout.userMenuChangePassword')}</span>,
          },
        ]
      : []),
    { type: 'divider' as const },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="user-menu-logout">{t('layout.userMenuLogout')}</span>,
    },
  ]

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') void navigate('/home')
    if (key === 'password') setPasswordOpen(true)
    if (key === 'logout') void logout()
  }

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        <Button type="text" data-testid="user-dropdown" style={{ paddingInline: 6 }}>
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
          {compact ? null : <span>{user?.nickname || user?.name}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <Access roles={Areas.master}>
        <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      </Access>
    </>
  )
}
