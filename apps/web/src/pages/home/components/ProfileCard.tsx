import { UserOutlined } from '@ant-design/icons'
import { Access, type CurrentUser, Role, roleName } from '@app/core'
import { Avatar, Descriptions, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageSection } from '../../../components/page/PageFrame'
import { hasAnyRole, useSession } from '../../../stores/session'
import { formatDate } from '../../../utils/date'

function Validity({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const [start, end] = user.validDate
  if (!start && !end) return <>{t('home.validityUnknown')}</>
  return (
    <Flex gap={8} wrap align="center">
      <span data-testid="home-validity">
        {t('home.validityRange', {
          start: formatDate(start, 'YYYY-MM-DD'),
          end: formatDate(end, 'YYYY-MM-DD'),
        })}
      </span>
      <Tag color={user.vipExpired ? 'red' : 'green'}>
        {user.vipExpired ? t('home.vipExpired') : t('home.vipActive')}
      </Tag>
      {user.specialChannelData.tenantSpecialChannel || user.specialChannelData.specialChannel ? (
        <Tag color="gold">{t('layout.specialChannel')}</Tag>
      ) : null}
    </Flex>
  )
}

/** Who is signed in: name, roles, and for tenant people their company (validity for the supervisor). */
export function ProfileCard() {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  const roles = useSession((s) => s.roles)
  if (!user) return null
  const inTenant = hasAnyRole(roles, Access.tenant)
  const items = [
    {
      key: 'role',
      label: t('home.roleLabel'),
      children: (
        <Flex gap={4} wrap data-testid="home-roles">
          {roles.map((r) => (
            <Tag key={r} color="blue">
              {t(`role.${roleName(r)}`)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    ...(inTenant
      ? [
          {
            key: 'tenant',
            label: t('home.tenantLabel'),
            children: <span data-testid="home-tenant">{user.tenantName}</span>,
          },
          { key: 'account', label: t('home.accountLabel'), children: user.tenantAccount },
        ]
      : []),
    ...(roles.includes(Role.customerMaster)
      ? [{ key: 'validity', label: t('home.validityLabel'), children: <Validity user={user} /> }]
      : []),
  ]
  return (
    <PageSection testId="home-profile">
      <Flex gap={16} align="center" wrap>
        <Avatar size={56} src={user.avatar || undefined} icon={<UserOutlined />} />
        {/* the section's heading under the page's h1, at the size of a card's greeting */}
        <Typography.Title
          level={2}
          style={{ margin: 0, fontSize: 20, lineHeight: 1.4 }}
          data-testid="home-greeting"
        >
          {t('home.greeting', { name: user.nickname || user.name })}
        </Typography.Title>
      </Flex>
      <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 3 }} items={items} size="small" />
    </PageSection>
  )
}
