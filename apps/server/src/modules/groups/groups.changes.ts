import {
  ErrorCode,
  GROUP_MEMBER_ACTION_MAX,
  type GroupMemberActionBody,
  type GroupMemberActionResult,
  type GroupMemberResult,
  type GroupMemberResultStatus,
  GroupRole,
  type GroupSubmitResult,
  type GroupUpdateBody,
  memberJidOf,
} from '@app/core'
import type { GroupSetting, MessagingGateway, ParticipantAction } from '../../gateway/messaging-gateway.js'
import type { Caller } from '../../http/caller.js'
import { AppError } from '../../http/errors.js'
import { viaGateway } from './groups.errors.js'
import {
  assertWritable,
  type GroupContext,
  type GroupsService,
  requireAdmin,
  requireMember,
} from './groups.service.js'

/** WhatsApp's per-participant answer as the desk reports it. */
function memberStatus(action: ParticipantAction, code: string): GroupMemberResultStatus {
  switch (code) {
    case '200':
      return 'ok'
    case '409':
      return action === 'add' ? 'alreadyMember' : 'failed'
    case '404':
      return action === 'add' ? 'notOnWhatsApp' : 'notMember'
    case '403':
    case '408':
      return 'notAllowed'
    default:
      return 'failed'
  }
}

/**
 * Changes to a group sent to WhatsApp through our account: members, subject and description,
 * settings. They are asynchronous: the answer says what was submitted, and the store follows
 * when WhatsApp confirms (the inbound pipeline), announced as `group.updated`.
 */
export class GroupChangesService {
  constructor(
    private readonly groups: GroupsService,
    private readonly gateway: MessagingGateway,
  ) {}

  /** Add (by phone), remove, promote or demote members; owner/admin only; one result per member. */
  async members(viewer: Caller, body: GroupMemberActionBody): Promise<GroupMemberActionResult> {
    assertWritable(viewer)
    const inputs = [...new Set(body.members.map((m) => m.trim()).filter((m) => m !== ''))]
    if (inputs.length === 0) throw new AppError(ErrorCode.groupMembersEmpty)
    if (inputs.length > GROUP_MEMBER_ACTION_MAX) throw new AppError(ErrorCode.groupMembersTooMany)
    const ctx = await this.groups.load(viewer, body.sessionId)
    requireAdmin(ctx, ErrorCode.groupNotAdmin)

    const results: GroupMemberResult[] = inputs.map((input) => {
      const jid = memberJidOf(input)
      // a phone is needed to add someone; a hidden id (lid) names a member already in the group
      const usable = jid !== null && (body.action !== 'add' || jid.endsWith('@s.whatsapp.net'))
      return { input, jid: usable ? jid : null, status: usable ? 'ok' : 'invalid' }
    })
    const send = [...new Set(results.flatMap((r) => (r.jid ? [r.jid] : [])))]
    if (send.length === 0) return { submitted: false, results }

    const answers = await viaGateway(
      () => this.gateway.groupParticipants(String(ctx.desk.account.id), ctx.group.jid, body.action, send),
      ErrorCode.groupNotAdmin,
    )
    const byJid = new Map(answers.map((a) => [a.jid, a.status]))
    for (const r of results) {
      if (!r.jid) continue
      // WhatsApp may answer with the other address form: fall back to the order sent
      const code = byJid.get(r.jid) ?? answers[send.indexOf(r.jid)]?.status ?? 'failed'
      r.status = memberStatus(body.action, code)
    }
    return { submitted: results.some((r) => r.status === 'ok'), results }
  }

  /**
   * Subject and description (any member, or admins only when the group is locked), edit
   * permission and announcement group (owner/admin). Unchanged fields are not sent; nothing to
   * send is 2410.
   */
  async update(viewer: Caller, body: GroupUpdateBody): Promise<GroupSubmitResult> {
    assertWritable(viewer)
    const ctx = await this.groups.load(viewer, body.sessionId)
    const { group } = ctx
    const info: { subject?: string; description?: string } = {}
    if (body.subject !== undefined && body.subject !== group.subject) info.subject = body.subject
    if (body.description !== undefined && body.description !== group.description)
      info.description = body.description
    const settings: GroupSetting[] = []
    if (
      body.editPermission !== undefined &&
      (body.editPermission === 'admin') !== (group.restrict_edit === 1)
    )
      settings.push(body.editPermission === 'admin' ? 'locked' : 'unlocked')
    if (body.announce !== undefined && body.announce !== (group.announce === 1))
      settings.push(body.announce ? 'announcement' : 'not_announcement')
    const hasInfo = Object.keys(info).length > 0
    if (!hasInfo && settings.length === 0) throw new AppError(ErrorCode.groupNothingToChange)

    if (settings.length > 0) requireAdmin(ctx, ErrorCode.groupSettingsAdminsOnly)
    if (hasInfo) this.requireInfoEditor(ctx)
    const account = String(ctx.desk.account.id)
    if (hasInfo)
      await viaGateway(
        () => this.gateway.groupUpdate(account, group.jid, info),
        ErrorCode.groupEditAdminsOnly,
      )
    for (const setting of settings)
      await viaGateway(
        () => this.gateway.groupUpdate(account, group.jid, { setting }),
        ErrorCode.groupSettingsAdminsOnly,
      )
    return { submitted: true }
  }

  private requireInfoEditor(ctx: GroupContext): void {
    const role = requireMember(ctx)
    if (ctx.group.restrict_edit === 1 && role === GroupRole.member)
      throw new AppError(ErrorCode.groupEditAdminsOnly)
  }
}
