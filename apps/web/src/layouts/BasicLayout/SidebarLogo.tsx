import { WhatsAppOutlined } from '@ant-design/icons'
import { Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useTenantDisplay } from '../../api/tenantSettings'

/** The product title at the top of the sidebar; only the icon when the sidebar is folded. */
export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation()
  const pageTitle = useTenantDisplay()?.pageTitle
  return (
    <Link to="/home" data-testid="sidebar-logo">
      <Flex
        align="center"
        justify="center"
        gap={8}
        style={{ height: 56, padding: '0 12px', overflow: 'hidden' }}
      >
        <WhatsAppOutlined style={{ fontSize: 24, color: '#ffffff' }} />
        {collapsed ? null : (
          <Typography.Text strong ellipsis style={{ color: '#ffffff', fontSize: 16 }}>
            {pageTitle || t('common.appTitle')}
          </Typography.Text>
        )}
      </Flex>
    </Link>
  )
}
