import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Form } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** A service settings card's form: read its part, fill the form, save it and show what was saved. */
export function useSupportForm<T extends object>(
  key: QueryKey,
  read: () => Promise<T>,
  save: (body: T) => Promise<T>,
) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<T>()
  const query = useQuery({ queryKey: key, queryFn: read })
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      message.success(t('common.saved'))
      qc.setQueryData(key, saved)
    },
  })
  useEffect(() => {
    if (query.data) form.setFieldsValue(query.data as Parameters<typeof form.setFieldsValue>[0])
  }, [query.data, form])
  return { form, query, mutation }
}
