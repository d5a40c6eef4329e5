import { validationMessages } from '@app/core'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { i18n, validationText } from './index'
import { zh } from './zh'

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  )

describe('i18n resources', () => {
  it('zh and en hold the same keys, none empty', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(zh).sort())
    for (const lang of [zh, en]) {
      for (const key of keysOf(lang)) expect(i18n.t(key, { lng: lang === zh ? 'zh' : 'en' })).not.toBe('')
    }
  })

  it('shows the validation text of @app/core, dotted keys included', async () => {
    await i18n.changeLanguage('zh')
    expect(validationText('password.mismatch')).toBe(validationMessages.zh['password.mismatch'])
    await i18n.changeLanguage('en')
    expect(validationText('password.loginLength')).toBe(validationMessages.en['password.loginLength'])
    await i18n.changeLanguage('zh')
  })
})
