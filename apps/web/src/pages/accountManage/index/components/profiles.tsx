import { UserOutlined } from '@ant-design/icons'
import type { AccountProfileView } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Avatar, Flex, Typography } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { accountProfiles, fetchProfilePicture } from '../../../../api/merchants'
import { useObjectUrl } from '../../../../components/material/useMaterialFile'
import { formatCountry } from '../../../../utils/format'

export const PROFILES_KEY = ['account', 'profiles'] as const

/** The profiles (WhatsApp name, picture set from here, proxy area) of the accounts on the page. */
export function useAccountProfiles(ids: number[]): Map<number, AccountProfileView> {
  const q = useQuery({
    queryKey: [...PROFILES_KEY, ids],
    queryFn: () => accountProfiles(ids),
    enabled: ids.length > 0,
  })
  // the same map while the answer is the same, so the table is not rebuilt on every render
  return useMemo(() => new Map((q.data ?? []).map((p) => [p.accountId, p])), [q.data])
}

function Picture({ accountId, has }: { accountId: number; has: boolean }) {
  const file = useQuery({
    queryKey: [...PROFILES_KEY, 'picture', accountId, has],
    queryFn: () => fetchProfilePicture(accountId),
    enabled: has,
    staleTime: 60_000,
    retry: false,
  })
  const url = useObjectUrl(file.data ?? null)
  return <Avatar size={28} src={url ?? undefined} icon={url ? undefined : <UserOutlined />} />
}

const NAME_STYLE = {
  maxWidth: 120,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const

/** The account's current WhatsApp name with its picture. */
export function ProfileCell({ accountId, profile }: { accountId: number; profile?: AccountProfileView }) {
  return (
    <Flex gap={8} align="center" data-testid={`account-profile-${accountId}`}>
      <Picture accountId={accountId} has={profile?.hasPicture ?? false} />
      {/* a plain clipped line: Typography's ellipsis measures every cell again on each render */}
      <span title={profile?.name ?? undefined} style={NAME_STYLE}>
        {profile?.name ?? <Typography.Text type="secondary">—</Typography.Text>}
      </span>
    </Flex>
  )
}

/** Where the account's proxy exits, by the offline GeoIP database. */
export function AreaCell({ profile, fallback }: { profile?: AccountProfileView; fallback: string }) {
  // the language is read so the name follows a language switch
  useTranslation()
  const code = profile?.ipArea || fallback
  return code ? <span>{formatCountry(code)}</span> : <Typography.Text type="secondary">—</Typography.Text>
}
