import type {
  ChainInfo,
  SafeBalanceResponse,
  SafeCollectibleResponse,
  SafeInfo,
} from '@safe-global/safe-gateway-typescript-sdk'
import type { Address } from 'viem'
import type { TxDraft } from '../../types'

/** What the New transaction screen hands every form. */
export type TxFormProps = {
  chain: ChainInfo
  safe: Address
  info: SafeInfo
  /** Review this one transaction now. */
  onReview: (draft: TxDraft) => void
  /** Keep it in the batch (sent later with the others as one MultiSendCallOnly transaction). */
  onAddToBatch: (draft: TxDraft) => void
}

export type SubmitMode = 'review' | 'batch'

/** A list the screen loads for the forms (the app passes the assets feature's queries). */
export type Loadable<T> = { data: T | undefined; error: unknown; isFetching: boolean }

export type TxFlowAssets = {
  /** The Safe's balances: what can be sent, and the limit of each amount. */
  balances: Loadable<SafeBalanceResponse>
  /** The Safe's NFTs loaded so far. */
  collectibles: Loadable<SafeCollectibleResponse[]> & { hasMore: boolean; loadMore: () => void }
}
