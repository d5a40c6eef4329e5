import { describe, expect, it } from 'vitest'
import {
  fillMassSendVariables,
  MASS_SEND_VARIABLES,
  variablesWithoutFallback,
} from './mass-send.variables.js'

const alice = { nickname: 'Alice', phone: '447700900001', account: '8613800000001' }
const nameless = { ...alice, nickname: '' }

describe('fillMassSendVariables', () => {
  it('fills every variable, as many times as it is written', () => {
    expect(fillMassSendVariables('Hi {nickname}, {nickname}! {phone} from {account}', alice)).toBe(
      'Hi Alice, Alice! 447700900001 from 8613800000001',
    )
  })

  it('uses the fallback when the value is empty or only spaces', () => {
    expect(fillMassSendVariables('Hi {nickname|friend}!', nameless)).toBe('Hi friend!')
    expect(fillMassSendVariables('Hi {nickname|dear friend}!', { ...alice, nickname: '  ' })).toBe(
      'Hi dear friend!',
    )
  })

  it('does not use the fallback when the value is there', () => {
    expect(fillMassSendVariables('Hi {nickname|friend}!', alice)).toBe('Hi Alice!')
  })

  it('takes a fallback on every variable', () => {
    const none = { nickname: '', phone: '', account: '' }
    expect(fillMassSendVariables('{phone|no number} {account|us}', none)).toBe('no number us')
    expect(fillMassSendVariables('{phone|no number} {account|us}', alice)).toBe('447700900001 8613800000001')
  })

  it('leaves an empty value empty without a fallback, and an empty fallback gives nothing', () => {
    expect(fillMassSendVariables('Hi {nickname}!', nameless)).toBe('Hi !')
    expect(fillMassSendVariables('Hi {nickname|}!', nameless)).toBe('Hi !')
  })

  it('leaves unknown variables and other braces as written', () => {
    const text = 'Hi {name} {name|friend} { nickname } {NICKNAME} {nickname|{x}} {} {|a}'
    expect(fillMassSendVariables(text, nameless)).toBe(text)
  })

  it('does not fill a value that itself looks like a variable', () => {
    expect(fillMassSendVariables('{nickname} {phone}', { ...alice, nickname: '{phone}' })).toBe(
      '{phone} 447700900001',
    )
  })

  it('offers the variables without fallback to the editor', () => {
    expect(MASS_SEND_VARIABLES).toEqual(['{nickname}', '{phone}', '{account}'])
  })
})

describe('variablesWithoutFallback', () => {
  it('names a variable some recipients lack, written without a fallback', () => {
    expect(variablesWithoutFallback('Hi {nickname}!')).toEqual(['nickname'])
    expect(variablesWithoutFallback('{nickname|friend} and {nickname}')).toEqual(['nickname'])
  })

  it('says nothing when every use has a fallback, or for values every recipient has', () => {
    expect(variablesWithoutFallback('Hi {nickname|friend}, from {account} to {phone}')).toEqual([])
    expect(variablesWithoutFallback('Hi {nickname|}')).toEqual([])
    expect(variablesWithoutFallback('Hi {name}')).toEqual([])
  })
})
