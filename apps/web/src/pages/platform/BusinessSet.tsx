import { type BusinessProfile, businessProfileBody } from '@app/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { App, Button, Form, Input, Skeleton } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { getBusinessProfile, saveBusinessProfile } from '../../api/platform'
import { PageFrame } from '../../components/page/PageFrame'
import { zodRule } from '../../utils/formRules'

const rule = (key: keyof BusinessProfile) => zodRule(businessProfileBody.shape[key])

/** /businessSet (operations): product name, logo, page title and support contact shown to my tenants. */
export default function BusinessSet() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<BusinessProfile>()
  const profile = useQuery({ queryKey: ['platform', 'businessProfile'], queryFn: getBusinessProfile })
  const save = useMutation({
    mutationFn: (body: BusinessProfile) => saveBusinessProfile(body),
    onSuccess: () => message.success(t('common.saved')),
  })
  useEffect(() => {
    if (profile.data) form.setFieldsValue(profile.data)
  }, [profile.data, form])
  const logo = Form.useWatch('logo', form)
  return (
    <PageFrame title={t('menu.businessSet')}>
      {profile.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="productName"
            label={t('platform.business.productName')}
            rules={[rule('productName')]}
          >
            <Input data-testid="business-product-name" />
          </Form.Item>
          <Form.Item
            name="logo"
            label={t('platform.business.logo')}
            extra={t('platform.business.logoHint')}
            rules={[rule('logo')]}
          >
            <Input placeholder="https://" />
          </Form.Item>
          {logo && /^(https:|data:image\/)/.test(logo) && (
            <img src={logo} alt="" style={{ maxHeight: 48, marginBottom: 16 }} />
          )}
          <Form.Item name="pageTitle" label={t('platform.business.pageTitle')} rules={[rule('pageTitle')]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="supportContact"
            label={t('platform.business.supportContact')}
            rules={[rule('supportContact')]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="business-save">
            {t('common.save')}
          </Button>
        </Form>
      )}
    </PageFrame>
  )
}
