// Load generator of bench/desk.ts, in a worker thread so the clients do not share the server's
// event loop: `clients` loops call one scenario for `seconds` and post back every latency.
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'

const { base, token, method, url, body, sessionIds, seconds, clients } = workerData

function request(i) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  if (method === 'GET') return fetch(`${base}${url}`, { headers })
  // a history page of a different session each call, the same sequence every run
  const payload = sessionIds
    ? { ...body, sessionId: sessionIds[(i * 2_654_435_761) % sessionIds.length] }
    : body
  return fetch(`${base}${url}`, { method, headers, body: JSON.stringify(payload) })
}

const latencies = []
let errors = 0
const end = performance.now() + seconds * 1000
await Promise.all(
  Array.from({ length: clients }, async (_, client) => {
    for (let i = client; performance.now() < end; i += clients) {
      const t0 = performance.now()
      const res = await request(i)
      const json = await res.json()
      latencies.push(performance.now() - t0)
      if (json.code !== 0) errors++
    }
  }),
)
parentPort.postMessage({ latencies, errors })
