// Request and response shapes of the message routes (as the Safe Client Gateway defines them). The message itself
// is checked by @concord/safe/messages in the handler, so that its errors carry the seed's exact texts.
import { z } from '@hono/zod-openapi'
import { ChainIdParam } from '../../http/schemas.ts'

/** One signature: 65 bytes, or a contract signature's static part with its payload (bounded). */
const signatureHex = z
  .string()
  .max(2 + 2 * 64 * 1024, 'Signature too long')
  .refine((v) => /^0x([0-9a-fA-F]{2})+$/.test(v), 'Invalid signature (hex)')

/** Text that PostgreSQL can store and that has a bound. */
const storableText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused
    .refine((v) => !/\u0000/.test(v), 'NUL characters are not allowed')

export const MessageHashParam = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid message hash (32 bytes hex)')
  .transform((v) => v.toLowerCase())
  .openapi({ param: { name: 'messageHash', in: 'path' } })

export const hashParams = z.object({ chainId: ChainIdParam, messageHash: MessageHashParam })

export const CreateMessageBody = z
  .object({
    message: z.unknown().optional().openapi({ description: 'A string (EIP-191) or EIP-712 typed data' }),
    signature: signatureHex,
    safeAppId: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .nullish(),
    origin: storableText(1024).nullish(),
  })
  .openapi('CreateMessage')

export const AddSignatureBody = z.object({ signature: signatureHex }).openapi('AddMessageSignature')

const AddressInfo = z.object({
  value: z.string(),
  name: z.string().nullable(),
  logoUri: z.string().nullable(),
})

export const MessageSchema = z
  .object({
    messageHash: z.string(),
    status: z.enum(['NEEDS_CONFIRMATION', 'CONFIRMED']),
    logoUri: z.string().nullable(),
    name: z.string().nullable(),
    message: z.union([z.string(), z.record(z.string(), z.unknown())]),
    creationTimestamp: z.number(),
    modifiedTimestamp: z.number(),
    confirmationsSubmitted: z.number().int(),
    confirmationsRequired: z.number().int(),
    proposedBy: AddressInfo,
    confirmations: z.array(z.object({ owner: AddressInfo, signature: z.string() })),
    preparedSignature: z.string().nullable(),
    origin: z.string().nullable(),
  })
  .openapi('Message')

export const MessageListItem = z
  .union([
    MessageSchema.extend({ type: z.literal('MESSAGE') }),
    z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number() }),
  ])
  .openapi('MessageListItem')
