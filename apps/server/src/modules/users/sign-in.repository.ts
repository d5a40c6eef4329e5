import type { Db } from '../../db/index.js'
import type { User } from '../../db/schema.js'
import type { SystemScope } from '../../db/system-scope.js'

/**
 * The users a sign-in form can name. Both lookups cross tenants on purpose: a sign-in comes
 * before anyone is known.
 */
export class SignInRepository {
  constructor(private readonly db: Db) {}

  /** /login: tenant users (never platform staff) of that name, in one tenant when its account is given. */
  systemTenantUsers(
    system: SystemScope,
    username: string,
    targetAccount: string | undefined,
    limit: number,
  ): Promise<User[]> {
    let q = this.db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.tenant_id')
      .selectAll('u')
      .where('u.username', '=', username)
      .where('t.is_platform', '=', 0)
    if (targetAccount) q = q.where('t.account', '=', targetAccount)
    return q.orderBy('u.id').limit(limit).execute()
  }

  /** /adminLogin: the user of that name in the tenant of that enterprise account. */
  systemByEnterpriseAccount(
    system: SystemScope,
    account: string,
    username: string,
  ): Promise<User | undefined> {
    return this.db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.id', 'u.tenant_id')
      .selectAll('u')
      .where('u.username', '=', username)
      .where('t.account', '=', account)
      .executeTakeFirst()
  }
}
