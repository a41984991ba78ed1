import { PagePlaceholder } from '../../components/ui/PagePlaceholder'

export function AppsRoute() {
  return <PagePlaceholder title="Apps" description="Safe Apps that run inside Concord will appear here." />
}
