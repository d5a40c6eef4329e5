/** Tables of running several server processes over one database (migration 0023); part of `Database` in schema.ts. */

export interface AccountLeaseTable {
  account_id: number
  /** the holding process's id */
  holder: string
  /** epoch ms when the hold runs out unless renewed */
  expires_at: number
}
