type Json = Record<string, unknown>

const escapeHtml = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The reference page of the public API at /api/v1/docs: every operation of the OpenAPI document
 * by tag, with its method, path, scope, parameters and answers. Plain HTML with no script, so it
 * is served under a policy that allows none.
 */
export function referencePage(doc: Json): string {
  const info = doc.info as { title: string; version: string; description: string }
  const paths = doc.paths as Record<string, Record<string, Json>>
  const tags = doc.tags as { name: string; description: string }[]
  const sections = tags.map((tag) => {
    const ops = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => (op.tags as string[]).includes(tag.name))
        .map(([method, op]) => {
          const params = ((op.parameters as Json[] | undefined) ?? [])
            .map(
              (p) =>
                `<li><code>${escapeHtml(p.name)}</code> <small>(${escapeHtml(p.in)}${p.required ? ', required' : ''})</small> ${escapeHtml(p.description)}</li>`,
            )
            .join('')
          const body = op.requestBody
            ? `<details><summary>Request body</summary><pre>${escapeHtml(
                JSON.stringify(
                  (op.requestBody as { content: Record<string, { schema: unknown }> }).content[
                    'application/json'
                  ].schema,
                  null,
                  2,
                ),
              )}</pre></details>`
            : ''
          const answers = Object.entries(op.responses as Record<string, { description: string }>)
            .map(([code, r]) => `<li><code>${escapeHtml(code)}</code> ${escapeHtml(r.description)}</li>`)
            .join('')
          return `<article id="${escapeHtml(op.operationId)}">
<h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>/api/v1${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)} <small>scope: <code>${escapeHtml(op['x-scope'])}</code></small></p>
${params ? `<ul>${params}</ul>` : ''}${body}<details><summary>Answers</summary><ul>${answers}</ul></details>
</article>`
        }),
    )
    return `<section><h2 id="${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2><p>${escapeHtml(tag.description)}</p>${ops.join('\n')}</section>`
  })
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1f2937}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f3f4f6;padding:12px;overflow:auto}
article{border-top:1px solid #e5e7eb;padding:8px 0}.m{display:inline-block;min-width:64px;font-size:12px;color:#fff;border-radius:4px;padding:2px 6px;text-align:center}
.get{background:#1d4ed8}.post{background:#15803d}.put,.patch{background:#a16207}.delete{background:#b91c1c}a{color:#1d4ed8}
</style></head><body><main>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${escapeHtml(info.description)}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). Errors are <code>application/problem+json</code>. Creates take an <code>Idempotency-Key</code> header.</p>
<nav><ul>${tags.map((t) => `<li><a href="#${escapeHtml(t.name)}">${escapeHtml(t.name)}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}
</main></body></html>`
}
