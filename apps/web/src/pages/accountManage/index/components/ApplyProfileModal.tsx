import type { ProfileApplyResult, WsAccountView } from '@app/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, type ButtonProps, Form, Modal, Select, Table, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pageMaterials } from '../../../../api/material'
import { applyProfile } from '../../../../api/merchants'
import { PROFILES_KEY } from './profiles'

/** Materials a picker offers: the enabled ones of the public library, newest first. */
const CHOICES = 100

function useMaterialChoices(usage: 'nickname' | 'avatar', open: boolean) {
  return useQuery({
    queryKey: ['material', 'profileChoices', usage],
    queryFn: () => pageMaterials({ pageNo: 1, pageSize: CHOICES, ownerType: 1, usage, enabled: true }),
    enabled: open,
  })
}

/**
 * Set a nickname material and/or an avatar material as the WhatsApp profile of the chosen
 * accounts; each account's outcome is listed (an offline account is reported, the others go on).
 */
export function ApplyProfileModal({
  open,
  rows,
  onClose,
}: {
  open: boolean
  rows: WsAccountView[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [form] = Form.useForm<{ nickname?: number; avatar?: number }>()
  const [results, setResults] = useState<ProfileApplyResult[] | null>(null)
  const [missing, setMissing] = useState(false)
  const nicknames = useMaterialChoices('nickname', open)
  const avatars = useMaterialChoices('avatar', open)
  useEffect(() => {
    if (open) {
      setResults(null)
      setMissing(false)
      form.resetFields()
    }
  }, [open, form])
  const apply = useMutation({
    mutationFn: (v: { nickname?: number; avatar?: number }) =>
      applyProfile({
        accountIds: rows.map((r) => r.id),
        ...(v.nickname ? { nicknameMaterialId: v.nickname } : {}),
        ...(v.avatar ? { avatarMaterialId: v.avatar } : {}),
      }),
    onSuccess: (r) => {
      setResults(r)
      void qc.invalidateQueries({ queryKey: PROFILES_KEY })
    },
  })
  const failed = results?.filter((r) => r.code !== 0).length ?? 0

  return (
    <Modal
      open={open}
      title={t('merchants.profile.applyTitle', { count: rows.length })}
      onCancel={onClose}
      onOk={() => (results ? onClose() : form.submit())}
      okText={results ? t('common.ok') : t('common.confirm')}
      confirmLoading={apply.isPending}
      cancelButtonProps={{ style: results ? { display: 'none' } : undefined }}
      forceRender
      width={560}
      okButtonProps={{ 'data-testid': 'profile-apply-ok' } as ButtonProps}
    >
      {results ? (
        <>
          <Typography.Paragraph data-testid="profile-apply-summary">
            {t('merchants.profile.done', { ok: results.length - failed, failed })}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="accountId"
            pagination={false}
            dataSource={results}
            columns={[
              { title: t('account.phone'), dataIndex: 'phone', render: (p: string | null) => p ?? '—' },
              {
                title: t('merchants.profile.results'),
                key: 'result',
                render: (_v, r) =>
                  r.code === 0 ? (
                    <Tag color="green">{t('merchants.profile.success')}</Tag>
                  ) : (
                    <Tag color="red">{r.msg}</Tag>
                  ),
              },
            ]}
            data-testid="profile-apply-results"
          />
        </>
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => {
            if (!v.nickname && !v.avatar) {
              setMissing(true)
              return
            }
            setMissing(false)
            apply.mutate(v)
          }}
        >
          {missing ? (
            <Alert
              type="error"
              showIcon
              title={t('merchants.profile.needOne')}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Form.Item name="nickname" label={t('merchants.profile.nickname')}>
            <Select
              allowClear
              placeholder={t('merchants.profile.pickNickname')}
              loading={nicknames.isLoading}
              options={(nicknames.data?.list ?? []).map((m) => ({
                value: m.id,
                label: m.content.type === 'text' ? `${m.name}: ${m.content.text}` : m.name,
              }))}
              data-testid="profile-apply-nickname"
            />
          </Form.Item>
          <Form.Item name="avatar" label={t('merchants.profile.avatarMaterial')}>
            <Select
              allowClear
              placeholder={t('merchants.profile.pickAvatar')}
              loading={avatars.isLoading}
              options={(avatars.data?.list ?? []).map((m) => ({ value: m.id, label: m.name }))}
              data-testid="profile-apply-avatar"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
