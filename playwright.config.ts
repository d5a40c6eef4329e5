import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4610)
// Set once in the runner; workers inherit it, so tests can read the server's database.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `wsdesk-e2e-${process.pid}`)
const dataDir = process.env.E2E_DATA_DIR
// A second server as `npm start` runs it on a fresh machine: no demo seed, the simulated network only.
const onboardPort = port + 2
process.env.E2E_ONBOARD_DATA_DIR ??= path.join(os.tmpdir(), `wsdesk-e2e-onboard-${process.pid}`)
const onboardDir = process.env.E2E_ONBOARD_DATA_DIR
/** The first admin's password, as the operator sets it before the first start. */
process.env.E2E_ONBOARD_ADMIN_PASSWORD ??= 'Start2468admin'
// A third server, a fresh demo of its own, for the walk over every screen: the other flows change
// the demo's data, and the walk (which opens chats, so marks them read) must not change theirs.
const screensPort = port + 3
process.env.E2E_SCREENS_DATA_DIR ??= path.join(os.tmpdir(), `wsdesk-e2e-screens-${process.pid}`)
const screensDir = process.env.E2E_SCREENS_DATA_DIR

/** Browser flows in Debian's Chromium against the built server in demo mode, on a fresh database. */
export default defineConfig({
  testDir: 'e2e',
  // a flow across several pages and the simulated phones, on a machine the unit tests load too
  timeout: 150_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // the demo's flows share one server's data, so they run one at a time; the onboarding flow and
  // the walk over every screen have servers of their own and run beside them, one after the other
  workers: 2,
  // no retry anywhere: a retried pass hides a flaky flow
  retries: 0,
  outputDir: 'test-results',
  projects: [
    { name: 'demo', testIgnore: /(onboarding|screens)\.spec\.ts/, workers: 1 },
    {
      name: 'screens',
      testMatch: /screens\.spec\.ts/,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${screensPort}` },
    },
    {
      name: 'onboarding',
      testMatch: /onboarding\.spec\.ts/,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${onboardPort}` },
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 860 },
    screenshot: 'only-on-failure',
    // as a user who turned animations off: dialogs and menus are drawn in their final place at once,
    // so a click lands where it is aimed rather than on a dialog still zooming in
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // a fake microphone, allowed without a prompt, for the desk's voice recording
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: [
    {
      // a LibreTranslate stand-in, so the desk's translation can be seen working
      command: 'node e2e/translate-provider.mjs',
      url: `http://127.0.0.1:${port + 1}/`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { TRANSLATE_PORT: String(port + 1) },
    },
    {
      command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      // warnings and errors only (LOG_LEVEL): a flow that meets a server error shows its cause
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        DEMO: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '1000',
        TRANSLATE_URL: `http://127.0.0.1:${port + 1}`,
      },
    },
    {
      command: `rm -rf ${onboardDir} && node apps/server/dist/main.js`,
      url: `http://127.0.0.1:${onboardPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        GATEWAY: 'simulator',
        PORT: String(onboardPort),
        HOST: '127.0.0.1',
        DATA_DIR: onboardDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: process.env.E2E_ONBOARD_ADMIN_PASSWORD,
      },
    },
    {
      command: `rm -rf ${screensDir} && node apps/server/dist/main.js`,
      url: `http://127.0.0.1:${screensPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DEMO: '1',
        PORT: String(screensPort),
        HOST: '127.0.0.1',
        DATA_DIR: screensDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '1000',
      },
    },
  ],
})
