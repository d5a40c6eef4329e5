import { hash, verify } from '@node-rs/argon2'

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS)

/** A hash of nothing anyone knows: verified against when the user does not exist, so timing tells nothing. */
let decoy: Promise<string> | null = null

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword(`decoy-${Math.random()}`)
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
