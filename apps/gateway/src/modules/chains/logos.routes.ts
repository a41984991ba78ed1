// The default logos a chain names when the operator configured none (chainLogoUri, nativeCurrency.logoUri):
// Safe{Wallet} requires those to be URLs. Plain SVG, no script, served with a restrictive CSP.
import { Hono } from 'hono'
import { DEFAULT_LOGO_PATHS } from '../../config/chainConfig.ts'

const CHAIN_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<circle cx="32" cy="32" r="30" fill="#6b4eff"/>
<path d="M20 22h24v6H20zM20 36h24v6H20z" fill="#ffffff"/>
</svg>
`

const NATIVE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<circle cx="32" cy="32" r="30" fill="#3c3c3d"/>
<path d="M32 10 18 33l14 8 14-8zM18 36l14 19 14-19-14 8z" fill="#ffffff"/>
</svg>
`

const svg = (body: string) => () =>
  new Response(body, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'access-control-allow-origin': '*',
    },
  })

export function createLogosRoutes() {
  return new Hono()
    .get(DEFAULT_LOGO_PATHS.chain, svg(CHAIN_LOGO))
    .get(DEFAULT_LOGO_PATHS.native, svg(NATIVE_LOGO))
}
