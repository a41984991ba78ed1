// The /verify page as one self-contained HTML file (build/standaloneVerify.ts inlines this bundle): saved to
// another device, it checks a transaction's hashes, call, risks and signatures with no server at all.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { VerifyPage } from '../features/tx-flow/components/verify/VerifyPage'
import './app.css'

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: 0 } } })}>
      <main className="offline-verify" data-testid="standalone-verify">
        <div className="banner" role="status">
          <p>
            <strong>Concord's verify page, as one file.</strong> Its policy lets it load and send nothing:
            every hash and check below is computed on this device.
          </p>
        </div>
        <VerifyPage />
      </main>
    </QueryClientProvider>,
  )
