// The transaction routes, as the Safe Client Gateway serves them: a Safe's history and queue, its lists,
// transaction details and the proposal writes, sharing one memoized decoder. The order of .route() is the order
// of /api-json.
import { OpenAPIHono } from '@hono/zod-openapi'
import type { ChangeBus } from '../../changes/changeBus.ts'
import type { BudgetSettings } from '../../http/clientBudget.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { DataDecoder } from '../dataDecoder/decodeData.ts'
import type { DelegatesRepository } from '../delegates/delegates.repository.ts'
import type { SafesRepository } from '../safes/safes.repository.ts'
import type { WatchedSafesRepository } from '../safes/watchedSafes.repository.ts'
import { createAllowanceTransfers } from './allowanceTransfers.ts'
import { createMultisigDetails } from './multisigDetails.ts'
import type { ProposalsRepository } from './proposals.repository.ts'
import { createRecoveryExecutions } from './recoveryExecutions.ts'
import { createTransactionDetailsRoutes } from './transactionDetails.routes.ts'
import { createTransactionHistoryRoutes } from './transactionHistory.routes.ts'
import { createTransactionListsRoutes } from './transactionLists.routes.ts'
import { createTransactionProposalsRoutes } from './transactionProposals.routes.ts'
import { createTransactionQueueRoutes } from './transactionQueue.routes.ts'
import { createMapContexts } from './transactions.context.ts'
import type { TransactionsRepository } from './transactions.repository.ts'

export function createTransactionsRoutes(deps: {
  chains: ChainsRepository
  safes: SafesRepository
  transactions: TransactionsRepository
  proposals: ProposalsRepository
  delegates: DelegatesRepository
  rpc: RpcClients
  decoder: DataDecoder
  changes: ChangeBus
  writeBudget?: BudgetSettings | undefined
  watched: WatchedSafesRepository
}) {
  const { chains, safes, transactions, proposals } = deps
  const mapContexts = createMapContexts(transactions, deps.decoder)
  const multisigDetails = createMultisigDetails({ transactions, proposals, safes, mapContexts })
  return new OpenAPIHono()
    .route(
      '/',
      createTransactionHistoryRoutes({
        chains,
        safes,
        transactions,
        mapContexts,
        watched: deps.watched,
        allowanceTransfers: createAllowanceTransfers(deps.rpc),
        recoveryExecutions: createRecoveryExecutions(deps.rpc),
      }),
    )
    .route('/', createTransactionQueueRoutes({ chains, safes, proposals, mapContexts }))
    .route('/', createTransactionListsRoutes({ chains, safes, transactions, proposals, mapContexts }))
    .route('/', createTransactionDetailsRoutes({ chains, safes, transactions, mapContexts, multisigDetails }))
    .route('/', createTransactionProposalsRoutes({ ...deps, multisigDetails }))
}
