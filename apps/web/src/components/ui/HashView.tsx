import { shortAddress } from '../../lib/format'
import { CopyButton } from './CopyButton'
import { ExplorerLink } from './ExplorerLink'
import { Identicon } from './Identicon'

export type HashViewProps = {
  hash: string
  /** Show `0x1234…abcd` instead of the whole hash (the full value stays in the title and the copy). */
  short?: boolean
  explorerUrl?: string | undefined
  testId?: string
}

/** A hash (safeTxHash, transaction hash, EIP-712 hashes) with its identicon and a copy button. */
export function HashView({ hash, short, explorerUrl, testId }: HashViewProps) {
  return (
    <span className="address-view hash-view" data-hash={hash}>
      <Identicon value={hash} size={16} />
      <code className="address" title={hash} data-testid={testId}>
        {short ? shortAddress(hash) : hash}
      </code>
      <CopyButton value={hash} label="Copy hash" />
      <ExplorerLink url={explorerUrl} />
    </span>
  )
}
