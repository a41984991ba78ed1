import { VerifyPage } from '../../features/tx-flow/components/verify/VerifyPage'

// /verify: check a Safe transaction's hashes and call with nothing but this browser (see features/tx-flow/verify).
export function VerifyRoute() {
  return <VerifyPage />
}
