import { PagePlaceholder } from '../../components/ui/PagePlaceholder'
import { AddressBookPage } from '../../features/address-book/components/AddressBookPage'
import { useCurrentSafe } from '../useCurrentSafe'

export function AddressBookRoute() {
  const current = useCurrentSafe()
  if (current.status !== 'ok')
    return (
      <PagePlaceholder
        title="Address book"
        description="Open a Safe to see the names its owners give addresses."
      />
    )
  return (
    <section className="page">
      <h1>Address book</h1>
      <AddressBookPage chain={current.chain} safe={current.address} />
    </section>
  )
}
