import type { FormRule } from 'antd'
import type { ZodType } from 'zod'
import { validationText } from '../i18n'

/**
 * An antd form rule from a zod schema of @app/core: the form refuses exactly what the endpoint
 * refuses, with the same message (the schema's message is a validation key).
 */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value)
      if (!result.success) throw new Error(validationText(result.error.issues[0]?.message ?? 'invalid'))
    },
  }
}

/** An antd form rule from a core check function returning a validation key or null. */
export function checkRule(check: (value: string | undefined) => string | null): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const key = check(value)
      if (key) throw new Error(validationText(key))
    },
  }
}
