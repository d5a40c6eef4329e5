import type { FastifyInstance } from 'fastify'
import createClient from 'openapi-fetch'
import type { paths } from './public-api.generated.js'

/**
 * A client of the public API made by openapi-fetch from the types openapi-typescript generated out
 * of /api/v1/openapi.json (public-api.generated.ts, kept equal to the document by
 * publicApi.contract.test.ts): calls go through `inject`, so no port is opened.
 */
export function publicApiClient(app: FastifyInstance, key: string) {
  const fetchThroughInject = async (input: Request): Promise<Response> => {
    const url = new URL(input.url)
    const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.text()
    const res = await app.inject({
      method: input.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(input.headers.entries()),
      ...(body ? { payload: body } : {}),
    })
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    })
  }
  return createClient<paths>({
    baseUrl: 'http://api.test/api/v1',
    headers: { authorization: `Bearer ${key}` },
    fetch: fetchThroughInject,
  })
}
