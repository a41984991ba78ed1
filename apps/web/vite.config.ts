import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The gateway URL is deliberately not a build-time variable: the app reads /config.json at startup,
// so one build can be pointed at any gateway.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // RainbowKit's wallet connectors and WalletConnect are lazy chunks well over the default 500 kB warning.
    chunkSizeWarningLimit: 1500,
  },
  server: { port: 5173 },
  preview: { port: 4173 },
})
