import { GatewayUrlForm } from '../../features/settings/components/GatewayUrlForm'
import { ThemeSettingsForm } from '../../features/settings/components/ThemeSettingsForm'
import { useRuntime } from '../RuntimeContext'

export function SettingsRoute() {
  const { gatewayUrl, runtimeConfig } = useRuntime()
  return (
    <section className="page">
      <h1>Settings</h1>
      <div className="card">
        <h2>Gateway</h2>
        <p className="muted small">
          In use: <code data-testid="gateway-url">{gatewayUrl}</code>
        </p>
        <GatewayUrlForm configuredUrl={runtimeConfig.gatewayUrl} />
      </div>
      <div className="card">
        <h2>Appearance</h2>
        <ThemeSettingsForm />
      </div>
    </section>
  )
}
