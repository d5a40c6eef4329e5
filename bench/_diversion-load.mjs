// Load generator of bench/diversion.ts, in a worker thread so the visitors do not share the
// server's event loop: `clients` loops call one URL for `seconds` and post back every latency.
// A visit answers a redirect (not followed); the yardstick answers the envelope.
import { performance } from 'node:perf_hooks'
import { parentPort, workerData } from 'node:worker_threads'

const { base, url, token, redirect, seconds, clients } = workerData
const headers = token ? { authorization: `Bearer ${token}` } : {}

const latencies = []
let errors = 0
const end = performance.now() + seconds * 1000
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now()
      const res = await fetch(`${base}${url}`, { headers, redirect: 'manual' })
      if (redirect) {
        await res.arrayBuffer()
        if (res.status !== 302 || !res.headers.get('location')?.startsWith('https://wa.me/')) errors++
      } else {
        const json = await res.json()
        if (json.code !== 0) errors++
      }
      latencies.push(performance.now() - t0)
    }
  }),
)
parentPort.postMessage({ latencies, errors })
