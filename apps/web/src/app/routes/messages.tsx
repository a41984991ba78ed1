import { PagePlaceholder } from '../../components/ui/PagePlaceholder'

export function MessagesRoute() {
  return (
    <PagePlaceholder
      title="Messages"
      description="Off-chain messages signed by the Safe's owners will appear here."
    />
  )
}
