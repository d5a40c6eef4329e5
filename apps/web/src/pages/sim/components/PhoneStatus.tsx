import type { SimPhoneView } from '@app/core'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

/** What a phone is on the network: an account number (online, offline, banned) or a customer. */
export function PhoneStatus({ phone }: { phone: SimPhoneView }) {
  const { t } = useTranslation()
  const tags = []
  if (!phone.registered) tags.push(<Tag key="reg">{t('sim.notRegistered')}</Tag>)
  if (phone.banned)
    tags.push(
      <Tag key="ban" color="error">
        {t('sim.banned')}
      </Tag>,
    )
  if (phone.isAccount) {
    tags.push(
      <Tag key="acc" color="blue">
        {t('sim.accountNumber')}
      </Tag>,
    )
    if (!phone.banned) {
      const state = !phone.linked ? 'notLinked' : phone.online ? 'online' : 'offline'
      tags.push(
        <Tag key="state" color={state === 'online' ? 'success' : 'default'}>
          {t(`sim.${state}`)}
        </Tag>,
      )
    }
  } else {
    tags.push(<Tag key="cust">{t('sim.customer')}</Tag>)
  }
  if (phone.restrictedUntil)
    tags.push(
      <Tag key="restricted" color="warning">
        {t('sim.restricted')}
      </Tag>,
    )
  return <span>{tags}</span>
}
