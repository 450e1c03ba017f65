/**
 * What scripts/two-process.sh checks on two API processes (A, B) and two
 * workers on one PostgreSQL, on the demo data (owner@acme.test). Exits
 * non-zero, naming the miss, on the first check that fails.
 * Usage: node scripts/smoke/two_process_checks.mjs <url A> <url B>
 *        node scripts/smoke/two_process_checks.mjs --schedules <worker log 1> <worker log 2>
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'

const schedulesOnly = process.argv[2] === '--schedules'
const [urlA, urlB] = process.argv.slice(2)
const workerLogs = process.argv.slice(3)
const say = (text) => console.log(`[two-process]    ${text}`)
const fail = (text) => {
  console.error(`[two-process] FAILED: ${text}`)
  process.exit(1)
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function call(base, method, path, { token, company, body } = {}) {
  const headers = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  if (company) headers['x-company-id'] = company
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}
function expect(answer, status, what) {
  if (answer.status !== status) {
    fail(`${what}: HTTP ${answer.status} (expected ${status}) ${JSON.stringify(answer.body)}`)
  }
  return answer.body
}

async function loginOwner() {
  const login = expect(
  await call(urlA, 'POST', '/auth/login', {
    body: { email: 'owner@acme.test', password: 'demo12345' },
  }),
  200,
  'login on A'
).data
  const companies = expect(
    await call(urlA, 'GET', '/company', { token: login.accessToken }),
    200,
    'GET /company'
  ).data
  return { token: login.accessToken, owner: login.user.id, company: companies[0].id }
}

/** A write through A is seen at once through B, whose read cache held the old list */
async function cacheCoherence(as) {
  const marker = `two-process ${randomUUID().slice(0, 8)}`
  const created = expect(
    await call(urlA, 'POST', '/contracts', { ...as, body: { name: `${marker} before` } }),
    201,
    'POST /contracts on A'
  ).data
  const list = `/contracts?search=${encodeURIComponent(marker)}`
  for (let read = 0; read < 2; read++) {
    const names = expect(await call(urlB, 'GET', list, as), 200, 'GET /contracts on B').data.map(
      (row) => row.name
    )
    if (!names.includes(`${marker} before`)) fail(`B lists ${JSON.stringify(names)}`)
  }
  expect(
    await call(urlA, 'PUT', `/contracts/${created.id}`, { ...as, body: { name: `${marker} after` } }),
    200,
    'PUT /contracts/:id on A'
  )
  const names = expect(await call(urlB, 'GET', list, as), 200, 'GET /contracts on B').data.map(
    (row) => row.name
  )
  if (!names.includes(`${marker} after`)) {
    fail(`cache coherence: after the save on A, B still lists ${JSON.stringify(names)}`)
  }
  say('a contract saved through A is listed with its new name by B at once (B had cached it)')
}

/** A stream opened on B, subscribed through A, receives a notification created through A */
async function liveAcrossProcesses({ token, owner, company }) {
  const as = { token, company }
  const uid = randomUUID()
  const stream = new AbortController()
  const response = await fetch(`${urlB}/api/v1/__transmit/events?uid=${uid}`, {
    signal: stream.signal,
  })
  if (response.status !== 200) fail(`the stream on B answered ${response.status}`)
  const messages = []
  const reading = (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true })
        for (const line of buffer.split('\n').slice(0, -1)) {
          if (line.startsWith('data: ')) messages.push(JSON.parse(line.slice(6)))
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n') + 1)
      }
    } catch {}
  })()
  const channel = `users/${owner}/companies/${company}/notifications`
  expect(
    await call(urlA, 'POST', '/__transmit/subscribe', { token, body: { uid, channel } }),
    204,
    'subscribe on A to the stream on B'
  )
  const title = `Two-process ${uid.slice(0, 8)}`
  expect(
    await call(urlA, 'POST', '/notifications/custom', {
      ...as,
      body: { sendTo: owner, title, message: 'live across processes', platforms: ['platform'] },
    }),
    200,
    'POST /notifications/custom on A'
  )
  const deadline = Date.now() + 5000
  const arrived = () =>
    messages.find((message) => JSON.stringify(message.payload ?? {}).includes(title))
  while (!arrived() && Date.now() < deadline) await sleep(50)
  stream.abort()
  await reading
  if (!arrived()) {
    fail(`live: the stream on B received no notification within 5 s: ${JSON.stringify(messages)}`)
  }
  say('a notification created through A reached a stream on B (subscribed through A)')
}

/** Failed logins through A and B count together: the 6th attempt is refused wherever it lands */
async function sharedLimits() {
  const email = `two-process-${randomUUID().slice(0, 8)}@smoke.test`
  expect(
    await call(urlA, 'POST', '/auth/register', {
      body: { name: 'Two Process', email, password: 'two-process-1' },
    }),
    201,
    'register on A'
  )
  const statuses = []
  for (let attempt = 0; attempt < 6; attempt++) {
    const base = attempt % 2 === 0 ? urlA : urlB
    const answer = await call(base, 'POST', '/auth/login', { body: { email, password: 'wrong-one-1' } })
    statuses.push(answer.status)
  }
  if (statuses.slice(0, 5).some((status) => status === 429) || statuses[5] !== 429) {
    fail(`login limit: 5 failures then a refusal expected across A and B, got ${statuses}`)
  }
  say(`the login limit counts across both processes (${statuses.join(', ')})`)
}

/**
 * Each schedule tick runs once across both workers: per schedule and due
 * time, one "scheduled run done" line in the two logs (the other worker
 * logs "scheduled run skipped").
 */
function schedulesOnce() {
  const lines = workerLogs
    .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
    .filter((line) => line.startsWith('{') && line.includes('"scheduled run'))
    .map((line) => JSON.parse(line))
  const ticks = new Map()
  for (const { msg, command, due } of lines) {
    const key = `${command} ${due}`
    const tick = ticks.get(key) ?? { done: 0, skipped: 0 }
    if (msg === 'scheduled run done') tick.done++
    else if (msg.startsWith('scheduled run skipped')) tick.skipped++
    ticks.set(key, tick)
  }
  const twice = [...ticks].filter(([, tick]) => tick.done > 1).map(([key]) => key)
  if (twice.length) fail(`schedules ran twice in one tick: ${twice.slice(0, 5).join('; ')}`)
  const shared = [...ticks.values()].filter((tick) => tick.done === 1 && tick.skipped === 1).length
  if (!shared) fail('no tick was seen by both workers')
  const done = [...ticks.values()].filter((tick) => tick.done === 1).length
  say(`${done} scheduled runs, each once across both workers (${shared} ticks skipped by the other)`)
}

if (schedulesOnly) {
  schedulesOnce()
} else {
  const { token, owner, company } = await loginOwner()
  await cacheCoherence({ token, company })
  await liveAcrossProcesses({ token, owner, company })
  await sharedLimits()
}
