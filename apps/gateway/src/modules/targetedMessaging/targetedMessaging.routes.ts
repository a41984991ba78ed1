// Targeted messaging (the Client Gateway's /v1/targeted-messaging/… routes): Safe{Wallet} asks whether a Safe is
// in an outreach (a survey popup). Concord runs no outreach, so every Safe is in none: the GET answers 404 as CGW
// does for such a Safe, and the submission GET answers 204 (no submission, not targeted), after CGW's validation
// of the path.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { HttpError, NotFoundError } from '../../http/errors.ts'
import { errorResponses, pathAddress } from '../../http/schemas.ts'

const params = z.object({
  outreachId: z.string().openapi({ param: { name: 'outreachId', in: 'path' }, example: '3' }),
  chainId: z
    .string()
    .regex(/^\d+$/, 'Invalid base-10 numeric string')
    .openapi({ param: { name: 'chainId', in: 'path' }, example: '1' }),
  safeAddress: pathAddress('safeAddress'),
})

const getTargetedSafe = createRoute({
  method: 'get',
  path: '/v1/targeted-messaging/outreaches/{outreachId}/chains/{chainId}/safes/{safeAddress}',
  tags: ['targeted-messaging'],
  request: { params },
  responses: { ...errorResponses },
})

const getSubmission = createRoute({
  method: 'get',
  path: '/v1/targeted-messaging/outreaches/{outreachId}/chains/{chainId}/safes/{safeAddress}/signers/{signerAddress}/submissions',
  tags: ['targeted-messaging'],
  request: {
    params: params.extend({
      signerAddress: pathAddress('signerAddress'),
    }),
  },
  responses: { 204: { description: 'The Safe is in no outreach: no submission' }, ...errorResponses },
})

/** NestJS's ParseIntPipe: an integer string, else 400 with its message. */
const requireOutreachId = (id: string) => {
  if (!/^-?\d+$/.test(id) || !Number.isSafeInteger(Number(id)))
    throw new HttpError(400, 'Validation failed (numeric string is expected)')
}

export function createTargetedMessagingRoutes() {
  return new OpenAPIHono()
    .openapi(getTargetedSafe, async (c) => {
      requireOutreachId(c.req.valid('param').outreachId)
      throw new NotFoundError('Targeted Safe not found')
    })
    .openapi(getSubmission, async (c) => {
      requireOutreachId(c.req.valid('param').outreachId)
      return c.body(null, 204)
    })
}
