// A stand-in for a LibreTranslate service during browser tests: POST /translate answers the text
// with the target language in front ("[zh] hello"), for one text or a list.
import http from 'node:http'

const port = Number(process.env.TRANSLATE_PORT ?? 4611)
const tag = (target, text) => `[${target}] ${text}`

http
  .createServer((req, res) => {
    if (req.method === 'GET') return res.end('ok')
    let raw = ''
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', () => {
      const { q, target } = JSON.parse(raw || '{}')
      const translatedText = Array.isArray(q) ? q.map((t) => tag(target, t)) : tag(target, q)
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ translatedText }))
    })
  })
  .listen(port, '127.0.0.1')
