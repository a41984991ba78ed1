import { PagePlaceholder } from '../../../components/ui/PagePlaceholder'

export function NotificationSettingsRoute() {
  return (
    <PagePlaceholder title="Notifications" description="Choose which events of this Safe notify its team." />
  )
}
