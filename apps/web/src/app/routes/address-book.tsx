import { PagePlaceholder } from '../../components/ui/PagePlaceholder'

export function AddressBookRoute() {
  return (
    <PagePlaceholder title="Address book" description="Named addresses you use often will appear here." />
  )
}
