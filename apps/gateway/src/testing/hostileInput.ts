// fast-check arbitraries for hostile HTTP input: path and query values, bodies and headers a client might
// send to break the gateway (numbers past every range, bad hex, unicode, huge and deeply nested input).
import { multiSendAbi } from '@concord/safe/contracts'
import fc from 'fast-check'
import { type Address, encodeFunctionData, encodePacked, type Hex, size, zeroAddress } from 'viem'

const HEX = fc.constantFrom(...'0123456789abcdefABCDEF')
const hex = (min: number, max: number) => fc.string({ unit: HEX, minLength: min, maxLength: max })

/** Numbers as strings, around every boundary a parser or a database column has. */
export const numberish = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '-1',
    '00',
    '0001',
    '1.5',
    '1e3',
    '1e309',
    '-1e309',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '2147483647',
    '2147483648',
    '-2147483649',
    '4294967296',
    '9007199254740991',
    '9007199254740992',
    '9007199254740993',
    '-9007199254740993',
    '9223372036854775807',
    '9223372036854775808',
    '18446744073709551616',
    '1'.repeat(78),
    '9'.repeat(79),
    '1'.repeat(400),
  ),
  fc.bigInt({ min: -(2n ** 256n), max: 2n ** 256n }).map(String),
  fc.integer().map(String),
  fc.double().map(String),
)

/** Almost-right and wrong hex: odd length, bad digits, missing prefix, huge. */
export const hexish = fc.oneof(
  hex(0, 80).map((h) => `0x${h}`),
  hex(1, 80),
  fc.constantFrom('0x', '0X00', '0xzz', '0x0g', `0x${'f'.repeat(64)}`, `0x${'00'.repeat(5000)}`),
)

export const strangeString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '..',
    '../..',
    '%',
    '%zz',
    '%00',
    '%2e%2e%2f',
    '\u0000',
    '\uFFFF',
    '\uD800',
    'ß',
    '😀',
    'İ',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    'a'.repeat(10_000),
    'é'.repeat(3_000),
    'limit=20&offset=0',
    'Europe/Berlin',
    '2024-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '0000-00-00',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** Addresses: right ones (any case), wrong lengths and checksums, and anything else. */
export const addressish = (known: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known, ...known.map((a) => a.toLowerCase())) },
    { weight: 2, arbitrary: hex(40, 40).map((h) => `0x${h}`) },
    { weight: 1, arbitrary: hexish },
    { weight: 1, arbitrary: strangeString },
  )

/** Cursors: well-formed ones with hostile numbers, and anything else. */
export const cursorish = fc.oneof(
  fc
    .tuple(fc.oneof(numberish, strangeString), fc.oneof(numberish, strangeString))
    .map(([limit, offset]) => `limit=${limit}&offset=${offset}`),
  fc.tuple(numberish, numberish).map(([limit, offset]) => `offset=${offset}&limit=${limit}&limit=${limit}`),
  strangeString,
)

export const anyValue = fc.oneof(numberish, hexish, strangeString)

/** A JSON document nested `depth` levels deep, of arrays or objects. */
export const nestedJson = fc
  .tuple(fc.integer({ min: 2, max: 20_000 }), fc.boolean())
  .map(([depth, objects]) =>
    objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`,
  )

/** A request body: JSON text (valid or not) and its content type. */
export const body = (fields: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record({
    text: fc.oneof(
      { weight: 4, arbitrary: fields.map((f) => JSON.stringify(f)) },
      { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
      { weight: 1, arbitrary: nestedJson },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
      { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '[]', '"x"', '{"data":', '\u0000') },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(100_000, 520_000, 600_000)
          .map((bytes) => JSON.stringify({ data: `0x${'ab'.repeat(bytes)}` })),
      },
    ),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          undefined,
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/vnd.api+json',
        ),
      },
    ),
  })

/** Strings a header may carry (visible ASCII, spaces and tabs). */
const headerValue = strangeString.filter((v) => /^[\t\x20-\x7e]*$/.test(v))

/** Headers a client may add: CORS origins and spoofed proxy headers. */
export const headers = fc.record(
  {
    origin: fc.oneof(fc.constantFrom('https://app.example', 'null', 'http://localhost:3000'), headerValue),
    'x-forwarded-host': headerValue,
    'x-forwarded-proto': fc.oneof(fc.constantFrom('https', 'http', 'javascript', 'https, http'), headerValue),
    accept: fc.constantFrom('application/json', '*/*', 'text/html'),
  },
  { requiredKeys: [] },
)

const TRANSFER = `0xa9059cbb${'0'.repeat(24)}${'11'.repeat(20)}${'0'.repeat(63)}1` as const

/** `multiSend(bytes)` wrapping one call to `to` with `data`, packed as the MultiSend contract reads it. */
function multiSend(to: Address, data: Hex): Hex {
  const packed = encodePacked(
    ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
    [0, to, 0n, BigInt(size(data)), data],
  )
  return encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] })
}

/** An ERC20 transfer inside `depth` MultiSends, each calling the next. */
export function nestedMultiSend(multiSendAddress: Address, depth: number): Hex {
  let data: Hex = TRANSFER
  for (let i = 0; i < depth; i++) data = multiSend(i === 0 ? zeroAddress : multiSendAddress, data)
  return data
}

/** Calldata the decoder knows: an ERC20 transfer, and MultiSends nested up to `maxDepth` levels. */
export const calldata = (multiSendAddress: Address, maxDepth = 12) =>
  fc
    .oneof(
      { weight: 9, arbitrary: fc.integer({ min: 0, max: maxDepth }) },
      { weight: 1, arbitrary: fc.constantFrom(100, 400) },
    )
    .map((depth) => nestedMultiSend(multiSendAddress, depth))

/** Every C0 control character and DEL. */
export const controlCharacters = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f']

/**
 * Characters that are valid JSON but trouble in stored free text: C0 controls and DEL, C1 controls, lone
 * surrogates, bidi overrides and isolates, zero-width characters.
 */
export const trickyCharacters = [
  ...controlCharacters,
  // C1 controls
  ...'\u0080\u0085\u008d\u009b\u009f',
  // Lone surrogates (apart: in one string, \uDBFF\uDC00 would be a pair)
  ...['\uD800', '\uDBFF', '\uDC00', '\uDFFF'],
  // Bidi overrides, embeddings, isolates and marks
  ...'\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u061C',
  // Zero-width characters
  ...'\u200B\u200C\u200D\u2060\uFEFF',
]
const trickyCharacter = fc.constantFrom(...trickyCharacters)
const plainCharacter = fc.constantFrom('a', 'Z', '7', ' ', '-', '.', 'é', '名', '😀')

/**
 * Free text for a field bounded by `limits` (characters): tricky characters alone, mixed into ordinary text, and
 * strings from just under to past each limit.
 */
export const freeText = (...limits: number[]) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.string({ unit: fc.oneof(trickyCharacter, plainCharacter), minLength: 1, maxLength: 24 }),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.string({ unit: plainCharacter, minLength: 1, maxLength: 12 }),
          trickyCharacter,
          fc.string({ unit: plainCharacter, maxLength: 12 }),
        )
        .map((parts) => parts.join('')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc
            .constantFrom(...limits)
            .chain((limit) => fc.integer({ min: Math.max(1, limit - 2), max: limit + 64 })),
          fc.oneof(plainCharacter, trickyCharacter),
        )
        .map(([length, unit]) => unit.repeat(length).slice(0, length)),
    },
  )
