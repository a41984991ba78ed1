// Request bodies of the write routes (propose, confirm, delete, as the Client Gateway takes them), bounded: every
// number fits its Solidity type, every hex string has its size, free text has a length limit.
import { z } from '@hono/zod-openapi'
import { AddressSchema } from '../../http/schemas.ts'

const MAX_UINT256 = 2n ** 256n - 1n
const uint256 = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .refine((v) => /^\d{1,78}$/.test(v) && BigInt(v) <= MAX_UINT256, 'Invalid uint256 (a decimal string)')
const nonce = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .refine((v) => /^\d{1,16}$/.test(v) && Number.isSafeInteger(Number(v)), 'Invalid nonce')
  .transform(Number)
const hexData = z
  .string()
  .max(2 + 2 * 512 * 1024, 'Data too long')
  .refine((v) => /^0x([0-9a-fA-F]{2})*$/.test(v), 'Invalid hex data')
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid hash (32 bytes hex)')
/** One or more signatures: 65-byte parts, plus contract-signature payloads. */
export const signatureHex = z
  .string()
  .max(2 + 2 * 64 * 1024, 'Signature too long')
  .refine((v) => /^0x([0-9a-fA-F]{2})+$/.test(v), 'Invalid signature (hex)')

export const ProposeBodySchema = z
  .object({
    to: AddressSchema,
    value: uint256,
    data: hexData.nullish(),
    nonce,
    operation: z.union([z.literal(0), z.literal(1)], {
      error: 'Invalid operation (0 CALL or 1 DELEGATECALL)',
    }),
    safeTxGas: uint256,
    baseGas: uint256,
    gasPrice: uint256,
    gasToken: AddressSchema,
    refundReceiver: AddressSchema.nullish(),
    safeTxHash: hash,
    sender: AddressSchema,
    signature: signatureHex.nullish(),
    origin: z.string().max(2000, 'Origin too long').nullish(),
  })
  .openapi('ProposeTransaction')
export type ProposeBody = z.infer<typeof ProposeBodySchema>

export const ConfirmBodySchema = z
  .object({ signedSafeTxHash: signatureHex.optional(), signature: signatureHex.optional() })
  .refine((b) => b.signedSafeTxHash ?? b.signature, 'signedSafeTxHash is required')
  .openapi('ConfirmTransaction')

export const DeleteBodySchema = z.object({ signature: signatureHex }).openapi('DeleteTransaction')

export const SafeTxHashParam = hash.openapi({ param: { name: 'safeTxHash', in: 'path' } })
