import { type CurrentUser, Role } from '@app/core'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { rolesOf, useSession } from '../stores/session'
import { Access } from './Access'

const user = (roles: string[]): CurrentUser => ({
  id: 1,
  name: 'm',
  nickname: 'm',
  avatar: '',
  roles,
  roleId: 4,
  tenantId: 2,
  tenantName: 't',
  tenantAccount: 't',
  validDate: [null, null],
  vipExpired: false,
  targetLanguage: 'en',
  permissionVO: {},
  specialChannelData: { tenantSpecialChannel: false, specialChannel: false },
  riskStatus: 0,
  enableMasterAiTranslate: false,
  translateTools: [],
})

afterEach(() => useSession.setState({ roles: [], user: null }))

describe('<Access>', () => {
  it('renders children for a user holding one of the roles', () => {
    useSession.setState({ roles: [Role.customerMaster] })
    render(
      <Access roles={[Role.admin, Role.customerMaster]}>
        <span>secret</span>
      </Access>,
    )
    expect(screen.getByText('secret')).toBeInTheDocument()
  })

  it('renders nothing for a user holding none of them', () => {
    useSession.setState({ roles: [Role.customerUser] })
    const { container } = render(
      <Access roles={[Role.admin]}>
        <span>secret</span>
      </Access>,
    )
    expect(container).toBeEmptyDOMElement()
  })
})

describe('rolesOf', () => {
  it('maps role names to ids and ignores unknown names', () => {
    expect(rolesOf(user(['customerMaster', 'ghost']))).toEqual([Role.customerMaster])
    expect(rolesOf(user([]))).toEqual([])
  })

  it('setProfile refuses a profile without roles', () => {
    expect(() => useSession.getState().setProfile(user([]))).toThrow('roles must be a non-empty array')
    useSession.getState().setProfile(user(['admin']))
    expect(useSession.getState().roles).toEqual([Role.admin])
  })
})
