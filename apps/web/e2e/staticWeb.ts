import { readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
}

/**
 * The built web app on a static host of its own (as a deployment without the gateway serves it): files from
 * `dir`, `config.json` naming `gatewayUrl`, and index.html for every other path (the app's routes).
 */
export async function serveWebApp(
  dir: string,
  gatewayUrl: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    )
    if (path === '/config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json'] }).end(JSON.stringify({ gatewayUrl }))
      return
    }
    const candidate = join(dir, path)
    const file =
      path !== '/' && statSync(candidate, { throwIfNoEntry: false })?.isFile()
        ? candidate
        : join(dir, 'index.html')
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    res.end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
