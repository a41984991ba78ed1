import { chainAllowanceModule } from '@concord/safe/allowanceModule'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { type Address, isAddressEqual } from 'viem'
import type { Config } from 'wagmi'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { isOwner } from '../../../features/safe/isOwner'
import { spendingLimitKeys } from '../../../features/spending-limits/api/keys'
import { spendingLimitsQueryOptions } from '../../../features/spending-limits/api/queries'
import { SendWithinLimit } from '../../../features/spending-limits/components/SendWithinLimit'
import { SpendingLimitsTable } from '../../../features/spending-limits/components/SpendingLimitsTable'
import type { SpendingLimit } from '../../../features/spending-limits/readSpendingLimits'
import { loadWallet, useWalletAccount, useWalletConfig } from '../../../lib/walletRuntime'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'

export function SpendingLimitsRoute() {
  return <RequireSafe>{(safe) => <SpendingLimits safe={safe} />}</RequireSafe>
}

/**
 * Settings → Spending limits: every limit of the Safe (read from the AllowanceModule on chain); owners change,
 * reset and delete them through ordinary Safe transactions; a connected beneficiary, owner or not, sends within
 * its own limits with one wallet transaction.
 */
function SpendingLimits({ safe }: { safe: OpenSafe }) {
  // wagmi loads on demand: the limits are read once it is there (a visitor without a wallet loads it too).
  const config = useWalletConfig()
  useEffect(() => {
    void loadWallet()
  }, [])
  const queryClient = useQueryClient()
  const { address: account } = useWalletAccount()
  const { chainId } = safe.chain
  const info = useQuery(safeInfoQueryOptions(chainId, safe.address))
  const module = chainAllowanceModule(safe.chain)
  const native = {
    symbol: safe.chain.nativeCurrency.symbol,
    decimals: safe.chain.nativeCurrency.decimals,
  }
  const limits = useQuery({
    ...spendingLimitsQueryOptions(config as Config, {
      chainId,
      module: module ?? ('0x' as Address),
      safe: safe.address,
      native,
    }),
    enabled: !!module && !!config,
  })
  const owner = !!info.data && isOwner(info.data.owners, account)
  const limitHref = (limit: 'set' | 'reset' | 'delete', l?: SpendingLimit) =>
    safe.href('/transactions/new', {
      kind: 'spendingLimit',
      limit,
      ...(l ? { beneficiary: l.beneficiary, token: l.token } : {}),
    })

  return (
    <section className="card" data-testid="spending-limits">
      <h2>Spending limits</h2>
      {!module ? (
        <p className="muted">This chain has no spending-limit module (AllowanceModule) deployed.</p>
      ) : (
        <QueryBoundary
          query={limits}
          errorTitle="Could not read the spending limits"
          loading={{ lines: 3, label: 'Reading the spending limits' }}
        >
          {(data) => (
            <>
              {data.length === 0 ? (
                <p className="muted" data-testid="spending-limits-empty">
                  No spending limits. A beneficiary of one can send up to its amount without the owners’
                  signatures.
                </p>
              ) : (
                <SpendingLimitsTable
                  chainId={chainId}
                  limits={data}
                  renderActions={
                    owner
                      ? (l) => (
                          <span className="form-row">
                            <Link to={limitHref('set', l)}>Change</Link>
                            <Link to={limitHref('reset', l)}>Reset</Link>
                            <Link to={limitHref('delete', l)}>Delete</Link>
                          </span>
                        )
                      : undefined
                  }
                />
              )}
              {owner ? (
                <p>
                  <Link className="button" to={limitHref('set')} data-testid="new-spending-limit">
                    New spending limit
                  </Link>
                </p>
              ) : null}
              {account
                ? data
                    .filter((l) => isAddressEqual(l.beneficiary, account))
                    .map((l) => (
                      <SendWithinLimit
                        key={l.token}
                        chainId={chainId}
                        module={module}
                        safe={safe.address}
                        account={account}
                        limit={l}
                        onSent={() =>
                          void queryClient.invalidateQueries({
                            queryKey: spendingLimitKeys.list(chainId, safe.address),
                          })
                        }
                      />
                    ))
                : null}
            </>
          )}
        </QueryBoundary>
      )}
    </section>
  )
}
