import { SafeSetup } from '../../../features/safe/components/SafeSetup'
import { RequireSafe } from '../RequireSafe'

export function SetupRoute() {
  return <RequireSafe>{(safe) => <SafeSetup chain={safe.chain} address={safe.address} />}</RequireSafe>
}
