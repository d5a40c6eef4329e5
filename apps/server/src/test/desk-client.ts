import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { multipartBody } from './multipart.js'

/** Calls as a user through `inject`: acting as an agent, at a desk, in a language; uploads. */

export interface As {
  /** customer-user-id: the agent a supervisor acts as */
  acting?: number
  /** desk-id */
  desk?: string
  lang?: 'zh' | 'en'
}

export type Call = { res: LightMyRequestResponse; code: number; msg: string; data: unknown }

/** The part of the test context (test/harness.ts) the client needs. */
interface Harness {
  app: FastifyInstance
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: {
      token?: string
      body?: unknown
      query?: Record<string, string>
      headers?: Record<string, string>
    },
  ) => Promise<Call>
}
interface Signed {
  token: string
}

export function deskClient(ctx: Harness) {
  const headers = (o: As = {}) => ({
    ...(o.acting ? { 'customer-user-id': String(o.acting) } : {}),
    ...(o.desk ? { 'desk-id': o.desk } : {}),
    ...(o.lang ? { language: o.lang } : {}),
  })
  return {
    post: (who: Signed | null, url: string, body: unknown, o?: As): Promise<Call> =>
      ctx.call('POST', url, { token: who?.token, body, headers: headers(o) }),
    put: (who: Signed | null, url: string, body: unknown, o?: As): Promise<Call> =>
      ctx.call('PUT', url, { token: who?.token, body, headers: headers(o) }),
    del: (who: Signed | null, url: string, query: Record<string, string>, o?: As): Promise<Call> =>
      ctx.call('DELETE', url, { token: who?.token, query, headers: headers(o) }),
    get: (who: Signed | null, url: string, o?: As): Promise<Call> =>
      ctx.call('GET', url, { token: who?.token, headers: headers(o) }),
    /** multipart upload-then-send */
    upload: async (
      who: Signed | null,
      fields: Record<string, string | number>,
      file?: { name: string; data: Buffer },
      o?: As,
    ): Promise<Call> => {
      const form = multipartBody(
        Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        file ? [file] : [],
      )
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/damai/customer/user/uploadThenSendChatMessageAsync',
        payload: form.body,
        headers: {
          'content-type': form.contentType,
          ...(who ? { authorization: `Bearer ${who.token}` } : {}),
          ...headers(o),
        },
      })
      const json = res.json() as { code: number; msg: string; data: unknown }
      return { res, ...json }
    },
  }
}
