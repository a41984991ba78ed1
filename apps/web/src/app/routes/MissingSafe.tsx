import { CounterfactualSafeView } from '../../features/create-safe/components/CounterfactualSafeView'
import { findCounterfactualSafe } from '../../features/create-safe/counterfactualSafes'
import type { OpenSafe } from '../useCurrentSafe'
import { NoSuchSafe } from './NoSuchSafe'

/** No Safe answers at the open address: a counterfactual Safe created in this browser, else "No Safe here". */
export function MissingSafe({ safe }: { safe: OpenSafe }) {
  const counterfactual = findCounterfactualSafe(safe.chain.chainId, safe.address)
  return counterfactual ? (
    <CounterfactualSafeView chain={safe.chain} safe={counterfactual} />
  ) : (
    <NoSuchSafe safe={safe} />
  )
}
