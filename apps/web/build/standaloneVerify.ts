// The /verify page saved as one self-contained HTML file (dist/verify-offline.html) for a device that trusts no
// server: its script and stylesheet are inline, and its Content-Security-Policy allows exactly those bytes (their
// sha256) and no request of any kind (default-src 'none'). Its own sha256 is written beside it to be published.
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

export const STANDALONE_VERIFY_FILE = 'verify-offline.html'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

/** The page around the inline script and style; the policy pins both by hash. */
export function standaloneHtml(script: string, style: string): string {
  // Inline text must not close its element early.
  const safeScript = script.replace(/<\/script/gi, '<\\/script')
  const safeStyle = style.replace(/<\/style/gi, '<\\/style')
  const policy = [
    "default-src 'none'",
    `script-src 'sha256-${sha256(safeScript)}'`,
    `style-src 'sha256-${sha256(safeStyle)}'`,
    'img-src data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8" />',
    `<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    '<meta name="color-scheme" content="light dark" />',
    '<title>Concord · Verify a Safe transaction (offline)</title>',
    `<style>${safeStyle}</style>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    `<script type="module">${safeScript}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

/** Bundles the standalone entry and writes the file and its digest into `dist`; returns the file's sha256 (hex). */
export async function buildStandaloneVerify(dist: string, webDir: string): Promise<string> {
  const result = await build({
    entryPoints: [join(webDir, 'src', 'app', 'verifyStandalone.tsx')],
    bundle: true,
    write: false,
    outdir: join(dist, 'standalone'),
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.BASE_URL': '"/"' },
    loader: { '.svg': 'dataurl', '.png': 'dataurl' },
    logLevel: 'silent',
  })
  const text = (ext: string) => result.outputFiles.find((file) => file.path.endsWith(ext))?.text ?? ''
  const html = standaloneHtml(text('.js'), text('.css'))
  writeFileSync(join(dist, STANDALONE_VERIFY_FILE), html)
  const digest = createHash('sha256').update(html, 'utf8').digest('hex')
  writeFileSync(join(dist, `${STANDALONE_VERIFY_FILE}.sha256`), `${digest}  ${STANDALONE_VERIFY_FILE}\n`)
  return digest
}
