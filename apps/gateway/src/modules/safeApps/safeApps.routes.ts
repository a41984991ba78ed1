// GET /v1/chains/{chainId}/safe-apps (as the Client Gateway serves it): the Safe Apps the operator lists (config
// `safeApps`), after the apps bundled with the served web app (config `bundledSafeApps`, on by default).
// `url` keeps the app with that exact URL; `clientUrl` keeps apps whose access control lets that origin in.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { type SafeAppSetting, type SiteSettings, safeAppsOn } from '../../config/siteConfig.ts'
import { requireChain } from '../../http/require.ts'
import { ChainIdParam, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import { bundledSafeApps } from './bundledApps.ts'

const SafeAppSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    name: z.string(),
    iconUrl: z.string().nullable(),
    description: z.string(),
    chainIds: z.array(z.string()),
    provider: z.object({ url: z.string(), name: z.string() }).nullable(),
    accessControl: z.object({
      type: z.enum(['NO_RESTRICTIONS', 'DOMAIN_ALLOWLIST', 'UNKNOWN']),
      value: z.array(z.string()).nullable(),
    }),
    tags: z.array(z.string()),
    features: z.array(z.string()),
    developerWebsite: z.string().nullable(),
    socialProfiles: z.array(z.object({ platform: z.string(), url: z.string() })),
    featured: z.boolean(),
  })
  .openapi('SafeApp')

const listSafeApps = createRoute({
  method: 'get',
  path: '/v1/chains/{chainId}/safe-apps',
  tags: ['safe-apps'],
  request: {
    params: z.object({ chainId: ChainIdParam }),
    query: z.object({ clientUrl: z.string().optional(), url: z.string().optional() }),
  },
  responses: { 200: json(z.array(SafeAppSchema), 'Safe Apps listed on the chain'), ...errorResponses },
})

const origin = (v: string) => (URL.canParse(v) ? new URL(v).origin : v)

export function toSafeApp(app: SafeAppSetting, index: number, chainIds: number[]) {
  return {
    id: app.id ?? index + 1,
    url: app.url,
    name: app.name,
    iconUrl: app.iconUrl,
    description: app.description,
    chainIds: (app.chainIds.length ? app.chainIds : chainIds).map(String),
    provider: app.provider,
    accessControl: app.allowedDomains
      ? { type: 'DOMAIN_ALLOWLIST' as const, value: app.allowedDomains }
      : { type: 'NO_RESTRICTIONS' as const, value: null },
    tags: app.tags,
    features: app.features,
    developerWebsite: app.developerWebsite,
    socialProfiles: app.socialProfiles,
    featured: app.featured,
  }
}

export function createSafeAppsRoutes(deps: { chains: ChainsRepository; site: SiteSettings }) {
  return new OpenAPIHono().openapi(listSafeApps, async (c) => {
    const chain = await requireChain(deps.chains, c.req.valid('param').chainId)
    const { clientUrl, url } = c.req.valid('query')
    const served = (await deps.chains.page({ limit: 1000, offset: 0 })).items.map((ch) => ch.chainId)
    const bundled =
      deps.site.bundledSafeApps === false ? [] : bundledSafeApps(deps.site.webDir, deps.site.publicUrl())
    const configured = deps.site.safeApps.map((app, i) => ({ app, i }))
    const all = [...bundled.map((app) => ({ app, i: app.id ?? 0 })), ...configured]
    const listed = safeAppsOn(
      all.map(({ app }) => app),
      chain.chainId,
    )
    const apps = all
      .filter(({ app }) => listed.includes(app))
      .filter(({ app }) => url === undefined || app.url.replace(/\/+$/, '') === url.replace(/\/+$/, ''))
      .filter(
        ({ app }) =>
          clientUrl === undefined ||
          !app.allowedDomains ||
          app.allowedDomains.some((d) => origin(d) === origin(clientUrl)),
      )
    return c.json(
      apps.map(({ app, i }) => toSafeApp(app, i, served)),
      200,
    )
  })
}
