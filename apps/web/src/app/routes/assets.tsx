import { PagePlaceholder } from '../../components/ui/PagePlaceholder'

export function AssetsRoute() {
  return (
    <PagePlaceholder
      title="Assets"
      description="Token balances and collectibles of the selected Safe will appear here."
    />
  )
}
