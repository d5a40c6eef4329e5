import type { FormInstance } from 'antd'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * antd keeps a field's error text as it was when it was checked; after a language switch the
 * fields showing an error are checked again so the message follows the new language.
 */
export function useRevalidateOnLanguage<T>(form: FormInstance<T>): void {
  const { i18n } = useTranslation()
  const language = i18n.language
  const checkedIn = useRef(language)
  useEffect(() => {
    if (checkedIn.current === language) return
    checkedIn.current = language
    const failing = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name)
    if (failing.length > 0) form.validateFields(failing).catch(() => undefined)
  }, [language, form])
}
