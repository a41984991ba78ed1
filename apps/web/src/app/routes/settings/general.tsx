import { CurrencySelect } from '../../../features/settings/components/CurrencySelect'
import { GatewayUrlForm } from '../../../features/settings/components/GatewayUrlForm'
import { ThemeSettingsForm } from '../../../features/settings/components/ThemeSettingsForm'
import { useRuntime } from '../../RuntimeContext'

export function GeneralSettingsRoute() {
  const { gatewayUrl, runtimeConfig } = useRuntime()
  return (
    <>
      <div className="card">
        <h2>Gateway</h2>
        <p className="muted small">
          In use: <code data-testid="gateway-url">{gatewayUrl}</code>
        </p>
        <GatewayUrlForm configuredUrl={runtimeConfig.gatewayUrl} />
      </div>
      <div className="card">
        <h2>Currency</h2>
        <CurrencySelect />
      </div>
      <div className="card">
        <h2>Appearance</h2>
        <ThemeSettingsForm />
      </div>
    </>
  )
}
