import { useEffect, useRef, useState } from 'react'
import { createCommunicator } from '../communicator'
import {
  createPromptQueue,
  type HostContext,
  type HostPrompt,
  type PermissionPrompt,
  type SafeAppHostState,
} from '../handlers/context'
import { bindHandlers } from '../handlers/table'
import { permissionStore } from '../permissions'

export type { HostPrompt, PermissionPrompt, SafeAppHostState } from '../handlers/context'

/**
 * The host side of one open app: a communicator bound to the frame and the app's origin, the handler table
 * (handlers/table.ts: each method answers from memory, the gateway, the node or the user) and the prompts
 * waiting for the user.
 */
export function useSafeAppHost(appUrl: string, state: SafeAppHostState) {
  const iframeRef = useRef<HTMLIFrameElement>(null)
  const [prompts, setPrompts] = useState<HostPrompt[]>([])
  const [permissionPrompt, setPermissionPrompt] = useState<PermissionPrompt | null>(null)
  const current = useRef(state)
  current.current = state

  useEffect(() => {
    let origin: string
    try {
      origin = new URL(appUrl).origin
    } catch {
      return
    }
    const queue = createPromptQueue(setPrompts)
    const host: HostContext = {
      state: () => current.current,
      hostOrigin: () => window.location.origin,
      settings: { offChainSigning: true },
      permissions: permissionStore,
      prompt: queue.prompt,
      showPermissionPrompt: setPermissionPrompt,
    }
    const handlers = bindHandlers(host)
    const communicator = createCommunicator({
      host: window,
      frame: () => iframeRef.current?.contentWindow,
      origin,
      handlers: () => handlers,
    })
    return () => {
      communicator.dispose()
      queue.rejectAll()
      setPermissionPrompt(null)
    }
  }, [appUrl])

  return { iframeRef, prompts, permissionPrompt }
}
