// Fuzzes one write route field by field: every request is otherwise valid, one free-text field holds hostile text
// (hostileInput.ts freeText, and every tricky character once). Collects what is wrong with each answer: a 5xx, a
// 4xx without the {code, message} envelope, a control character past the edge, a 2xx that stored something else.
import fc from 'fast-check'
import { controlCharacterAt } from '../http/bodyLimit.ts'
import { freeText, trickyCharacters } from './hostileInput.ts'
import type { Requestable } from './signIn.ts'

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely
export type Answer = { status: number; body: any; headers: Headers }
/** A write with one field replaced; after a 2xx, `stored` reads back what the gateway kept of it. */
export type Sent = { answer: Answer; stored: () => Promise<unknown> }
export type FuzzedRoute = {
  /** Each fuzzed field with the lengths its route bounds it by. */
  fields: Record<string, number[]>
  write(field: string, value: string, run: number): Promise<Sent>
  /** What a 2xx keeps of `value` (names and notes are trimmed); as sent when absent. */
  kept?: (value: string) => string
}

/** A JSON request, with a session cookie if given; the body parsed when it is JSON. */
export async function send(
  gateway: Requestable,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (cookie) headers.cookie = cookie
  const res = await gateway.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // not JSON: the envelope check reports it
  }
  return { status: res.status, body: parsed, headers: res.headers }
}

/** What is wrong with the answer to `value`, if anything. */
async function problemOf(route: FuzzedRoute, value: string, { answer, stored }: Sent) {
  const { status, body } = answer
  if (status >= 500) return `${status} ${JSON.stringify(body).slice(0, 200)}`
  if (status >= 400 && (body?.code !== status || typeof body?.message !== 'string'))
    return `${status} without the {code, message} envelope`
  if (controlCharacterAt(value) !== undefined && status !== 422)
    return `${status}: a control character or lone surrogate got past the edge`
  if (status >= 300) return undefined
  const kept = await stored()
  if (typeof kept === 'string' && kept.includes('\u0000')) return 'stored a NUL'
  const expected = (route.kept ?? ((v) => v))(value)
  if (kept !== expected)
    return `stored ${JSON.stringify(kept)?.slice(0, 120)}, not ${JSON.stringify(expected).slice(0, 120)}`
  return undefined
}

/**
 * One valid request (`valid` in the first field), then every tricky character once inside ordinary text (the
 * fields taking turns), then `runs` generated values. Returns the problems found, the requests sent and how
 * many of them answered 2xx (the first one must).
 */
export async function fuzzFields(route: FuzzedRoute, p: { seed: number; runs: number; valid: string }) {
  const fields = Object.keys(route.fields)
  const failures: string[] = []
  let sent = 0
  const succeeded: string[] = []
  const attempt = async (field: string, value: string) => {
    const answer = await route.write(field, value, ++sent)
    const problem = await problemOf(route, value, answer)
    if (problem) failures.push(`${field} = ${JSON.stringify(value.slice(0, 60))}: ${problem}`)
    else if (answer.answer.status < 300) succeeded.push(value)
  }
  await attempt(fields[0] as string, p.valid)
  const text = fc
    .constantFrom(...fields)
    .chain((field) => fc.tuple(fc.constant(field), freeText(...(route.fields[field] as number[]))))
  await fc.assert(
    fc.asyncProperty(text, ([field, value]) => attempt(field, value)),
    {
      seed: p.seed,
      // fast-check counts the examples among the runs.
      numRuns: trickyCharacters.length + p.runs,
      examples: trickyCharacters.map((c, i) => [[fields[i % fields.length] as string, `Fuzz${c}text`]]),
    },
  )
  return { failures, sent, succeeded }
}
