// Request bodies are bounded before any handler reads them: by size (413, config `maxBodyBytes`) and, for
// JSON, by nesting depth (400), so no body can make parsing or validation cost more than its size allows. Every
// string of a JSON body is checked once here for control characters (422): PostgreSQL cannot store a NUL, and
// none of them means anything in a name, a label, a note or a token, except tab and line breaks.
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'

/** No API body nests deeper than a few levels; 64 leaves room and keeps recursive consumers safe. */
export const MAX_JSON_DEPTH = 64

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i

/**
 * The deepest nesting of arrays and objects in a JSON text (scanned once, without parsing), or
 * `max + 1` as soon as it is exceeded.
 */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      // A backslash escapes the next character.
      if (ch === 0x5c) i++
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > max) return deepest
    } else if (ch === 0x5d || ch === 0x7d) depth--
  }
  return deepest
}

/**
 * JSON escapes of control characters other than tab, line feed and carriage return, DEL escaped or raw (JSON
 * needs no escape for it, and JSON.stringify leaves it raw), and escaped surrogates (a lone one is no character:
 * stored, it would come back as U+FFFD, so the user's text would change silently).
 */
const CONTROL_ESCAPE = /\\(u00[01][0-9a-fA-F]|u007[fF]|[bf]|u[dD][89a-fA-F])|\u007f/
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is looked for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const invalid = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text)

/** The path (`label`, `items.2.name`) of the first string or key of `value` holding a control character or an unpaired surrogate. */
export function controlCharacterAt(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return invalid(value) ? path.join('.') || '(body)' : undefined
  if (typeof value !== 'object' || value === null) return undefined
  for (const [key, child] of Object.entries(value)) {
    if (invalid(key)) return [...path, key].join('.')
    const found = controlCharacterAt(child, [...path, key])
    if (found) return found
  }
  return undefined
}

export function limitBody({
  maxBytes,
  maxDepth = MAX_JSON_DEPTH,
}: {
  maxBytes: number
  maxDepth?: number
}): MiddlewareHandler[] {
  const size = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ code: 413, message: `Request body larger than ${maxBytes} bytes` }, 413),
  })
  const depth: MiddlewareHandler = async (c, next) => {
    if (c.req.raw.body && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      // Read once here; the validators reuse the cached text.
      const text = await c.req.text()
      if (jsonDepth(text, maxDepth) > maxDepth)
        return c.json({ code: 400, message: `JSON body nested deeper than ${maxDepth} levels` }, 400)
      // Only a text with such an escape is parsed here (to name the field); JSON forbids them unescaped.
      if (CONTROL_ESCAPE.test(text)) {
        let at: string | undefined
        try {
          at = controlCharacterAt(JSON.parse(text))
        } catch {
          // not JSON: the validator answers that
        }
        if (at)
          return c.json(
            {
              code: 422,
              message: `Invalid ${at.slice(0, 200)}: control characters (such as NUL) and unpaired surrogates are not allowed, only tab and line breaks`,
            },
            422,
          )
      }
    }
    await next()
  }
  return [size, depth]
}
