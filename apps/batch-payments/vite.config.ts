import { join } from 'node:path'
import { defineConfig } from 'vite'

// Built into the web app's dist, so the gateway serves it at /apps/batch-payments/ on the web app's origin (and
// lists it: GET …/safe-apps). Run after the web build, which empties its dist (CONCORD_WEB_DIST_DIR where set, see
// scripts/buildWeb.ts).
export default defineConfig({
  base: '/apps/batch-payments/',
  build: {
    outDir: join(process.env.CONCORD_WEB_DIST_DIR ?? '../web/dist', 'apps', 'batch-payments'),
    emptyOutDir: true,
  },
})
