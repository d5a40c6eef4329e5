// Webhook receivers for bench/webhooks.ts, in a process of their own so that they do not share the
// server's event loop: RECEIVER_DELAYS lists each one's answer delay in ms. Sends the parent their
// addresses, then every 100 ms what each received: [receiver, event id, event createdAt, arrival].
import http from 'node:http'

const delays = (process.env.RECEIVER_DELAYS ?? '0').split(',').map(Number)
let batch = []
const servers = delays.map(
  (delay, i) =>
    new Promise((resolve) => {
      const server = http.createServer((req, res) => {
        let body = ''
        req.setEncoding('utf8')
        req.on('data', (c) => {
          body += c
        })
        req.on('end', () => {
          const at = Date.now()
          const e = JSON.parse(body)
          const answer = () => {
            batch.push([i, e.id, e.createdAt, at])
            res.writeHead(204).end()
          }
          if (delay > 0) setTimeout(answer, delay)
          else answer()
        })
      })
      server.keepAliveTimeout = 60_000
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}/hook`))
    }),
)
process.send({ urls: await Promise.all(servers) })
setInterval(() => {
  if (batch.length === 0) return
  process.send({ received: batch })
  batch = []
}, 100)
process.on('disconnect', () => process.exit(0))
