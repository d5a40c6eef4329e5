import {
  AccountState,
  MassSendAudience,
  type MassSendAudienceValue,
  MassSendKind,
  MassSendMethod,
} from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Form, type FormInstance, type FormRule, Radio, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { listDeskAccounts } from '../../../api/desk'
import { MassSendCustomerFilter } from './MassSendCustomerFilter'
import type { MassSendFormValues } from './MassSendForm'
import { MassSendGroupPicker } from './MassSendGroupPicker'
import { useMassSendKeys } from './MassSendLive'
import { MassSendPhoneList } from './MassSendPhoneList'

interface Props {
  form: FormInstance<MassSendFormValues>
  rule: (name: (string | number)[]) => FormRule
  /** the audiences offered for a personal task */
  personalAudiences: MassSendAudienceValue[]
}

/**
 * Who receives: a personal task goes to strangers (a phone list) or customers (by labels), a group
 * task into chosen group chats; then the WS accounts that send (strangers are spread over them,
 * customers are narrowed to theirs; a group chat is sent from its own account).
 */
export function MassSendAudienceFields({ form, rule, personalAudiences }: Props) {
  const { t } = useTranslation()
  const keys = useMassSendKeys()
  const audience = Form.useWatch(['audience', 'type'], form) as MassSendAudienceValue | undefined
  const accounts = useQuery({ queryKey: [...keys.all, 'accounts'], queryFn: listDeskAccounts })

  const changeKind = (kind: string) => {
    const group = kind === MassSendKind.group
    form.setFieldsValue({
      audience: {
        type: group ? MassSendAudience.groups : (personalAudiences[0] ?? MassSendAudience.customers),
      },
      ...(group ? { method: MassSendMethod.oneByOne } : {}),
    })
  }

  return (
    <>
      <Form.Item name="kind" label={t('massSend.form.kind')} required rules={[rule(['kind'])]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          onChange={(e) => changeKind(e.target.value as string)}
          options={Object.values(MassSendKind).map((k) => ({
            value: k,
            label: <span data-testid={`mass-send-kind-${k}`}>{t(`massSend.kinds.${k}`)}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item
        name={['audience', 'type']}
        label={t('massSend.form.audience')}
        required
        rules={[rule(['audience', 'type'])]}
        hidden={audience === MassSendAudience.groups}
      >
        <Radio.Group
          options={personalAudiences.map((a) => ({
            value: a,
            label: <span data-testid={`mass-send-audience-${a}`}>{t(`massSend.audiences.${a}`)}</span>,
          }))}
        />
      </Form.Item>
      {audience === MassSendAudience.strangers ? (
        <Form.Item
          name={['audience', 'phones']}
          label={t('massSend.form.phones')}
          required
          rules={[rule(['audience', 'phones'])]}
        >
          <MassSendPhoneList />
        </Form.Item>
      ) : null}
      {audience === MassSendAudience.customers ? <MassSendCustomerFilter form={form} rule={rule} /> : null}
      {audience === MassSendAudience.groups ? (
        <Form.Item
          name={['audience', 'groupChatIds']}
          label={t('massSend.form.groups')}
          required
          rules={[rule(['audience', 'groupChatIds'])]}
        >
          <MassSendGroupPicker />
        </Form.Item>
      ) : null}
      {audience !== MassSendAudience.groups ? (
        <Form.Item
          name="accountIds"
          label={t('massSend.form.accounts')}
          required={audience === MassSendAudience.strangers}
          extra={
            audience === MassSendAudience.customers
              ? t('massSend.form.accountsCustomersHint')
              : t('massSend.form.accountsStrangersHint')
          }
          rules={[rule(['accountIds'])]}
          dependencies={[['audience', 'type']]}
        >
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('massSend.form.accountsPlaceholder')}
            loading={accounts.isLoading}
            options={(accounts.data ?? []).map((a) => ({
              value: a.id,
              label: `${a.phone ? `+${a.phone}` : `#${a.id}`}${a.status === AccountState.online ? '' : ` (${t(`account.states.${a.status}`)})`}`,
            }))}
            data-testid="mass-send-accounts"
          />
        </Form.Item>
      ) : null}
    </>
  )
}
