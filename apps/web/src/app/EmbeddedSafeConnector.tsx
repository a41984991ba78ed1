import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAccount, useConnect, useConnectors } from 'wagmi'
import { isFramed, SAFE_CONNECTOR_ID } from '../lib/safeAppFrame'
import { formatSafeParam, SAFE_PARAM } from '../lib/safeLink'
import { useRuntime } from './RuntimeContext'

/**
 * Embedded mode: inside a Safe host's frame the app connects through the Safe connector (its account is the
 * host's Safe, its chain the host's chain) and opens that Safe when no other is open. Outside a frame, or in a
 * frame that is not a Safe host (the connector's handshake times out), it does nothing.
 */
export function EmbeddedSafeConnector() {
  const { chains } = useRuntime()
  const { status, connector, address, chainId } = useAccount()
  const connectors = useConnectors()
  const { connect } = useConnect()
  const attempted = useRef(false)
  const opened = useRef<string | null>(null)
  const navigate = useNavigate()
  // Read when the connection settles, without running the effect again on every navigation.
  const currentLocation = useLocation()
  const location = useRef(currentLocation)
  location.current = currentLocation

  // Once wagmi's reconnect has settled: connect through the Safe connector unless it is already the current one
  // (reconnect connects it by itself when no other wallet comes first).
  useEffect(() => {
    if (!isFramed() || attempted.current) return
    if (status === 'connecting' || status === 'reconnecting') return
    attempted.current = true
    if (connector?.id === SAFE_CONNECTOR_ID) return
    const safe = connectors.find((c) => c.id === SAFE_CONNECTOR_ID)
    if (!safe) return
    void safe
      .getProvider()
      .then((provider) => {
        if (provider) connect({ connector: safe })
      })
      .catch(() => undefined)
  }, [status, connector, connectors, connect])

  // Connected through the host: open its Safe, unless the URL already names one.
  useEffect(() => {
    if (status !== 'connected' || connector?.id !== SAFE_CONNECTOR_ID || !address || !chainId) return
    const key = `${chainId}:${address}`
    if (opened.current === key) return
    opened.current = key
    const chain = chains.find((c) => c.chainId === String(chainId))
    if (!chain) return
    const { pathname, search, hash } = location.current
    const params = new URLSearchParams(search)
    if (params.get(SAFE_PARAM)) return
    params.set(SAFE_PARAM, formatSafeParam(chain, address))
    void navigate(
      { pathname, search: `?${params.toString().replace(/%3A/gi, ':')}`, hash },
      { replace: true },
    )
  }, [status, connector, address, chainId, chains, navigate])

  return null
}
