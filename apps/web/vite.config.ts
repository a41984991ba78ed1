import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chunkGroups } from './build/chunkGroups'

// The gateway URL is deliberately not a build-time variable: the app reads /config.json at startup,
// so one build can be pointed at any gateway.
// After this build, build/finalizeBuild.ts adds Subresource Integrity, precompresses and digests dist.
export default defineConfig({
  plugins: [react()],
  build: {
    // CONCORD_WEB_DIST_DIR (absolute): another folder, e.g. bench:stack's first start (scripts/buildWeb.ts).
    outDir: process.env.CONCORD_WEB_DIST_DIR ?? 'dist',
    // Read by build/bootHints.ts (the chunks the gateway hints on a deep link), then removed from dist.
    manifest: true,
    // RainbowKit's wallet connectors and WalletConnect are lazy chunks well over the default 500 kB warning.
    chunkSizeWarningLimit: 1500,
    // One stylesheet, linked from index.html with its integrity: CSS split per chunk would be inserted later by
    // Vite's preload helper as <link> elements that no integrity covers (an import map covers scripts only).
    cssCodeSplit: false,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(import.meta.dirname) } } },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
})
