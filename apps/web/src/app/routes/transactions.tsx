import { PagePlaceholder } from '../../components/ui/PagePlaceholder'

export function TransactionsRoute() {
  return (
    <PagePlaceholder
      title="Transactions"
      description="The Safe's transaction queue and history will appear here."
    />
  )
}
