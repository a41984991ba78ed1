// The host end of one app frame: accepts a message only from that iframe's window AND the app's origin, answers
// every request, and posts answers to the app's origin only, never to '*'.
import {
  AppFacingError,
  type AppMethod,
  type AppRequest,
  type AppResponse,
  errorResponse,
  parseAppMessage,
  REQUEST_FAILED,
  successResponse,
} from './protocol'

export type RequestContext = {
  id: string
  /** The app's origin (the one the message came from). */
  origin: string
  sdkVersion: string | undefined
}

/** One handler per method. A deferred one (a user prompt) returns a promise settled when the user answers. */
export type MethodHandler = (params: unknown, context: RequestContext) => unknown
export type MethodHandlers = Record<AppMethod, MethodHandler>

/** Runs the request's handler and turns its result or failure into the SDK's response envelope. */
export async function dispatchRequest(
  request: AppRequest,
  handlers: Partial<MethodHandlers>,
  origin: string,
): Promise<AppResponse> {
  const handler = handlers[request.method]
  if (!handler) return errorResponse(request.id, `Method not supported: ${request.method}`)
  try {
    const data = await handler(request.params, { id: request.id, origin, sdkVersion: request.sdkVersion })
    // undefined does not survive as "data" for every SDK helper; null is an explicit "nothing".
    return successResponse(request.id, data === undefined ? null : data)
  } catch (error) {
    return errorResponse(request.id, error instanceof AppFacingError ? error.message : REQUEST_FAILED)
  }
}

export type Communicator = {
  /** Sends an unsolicited message (e.g. the theme) to the app. */
  push(data: Record<string, unknown>): void
  dispose(): void
}

export type CommunicatorOptions = {
  /** The window whose `message` events we read (the host page). */
  host: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** The app frame's window, read at each message (it changes when the frame navigates or remounts). */
  frame: () => Pick<Window, 'postMessage'> | null | undefined
  /** `new URL(appUrl).origin`: the only origin we accept messages from and post answers to. */
  origin: string
  /** Read at each request, so React state changes reach the next request. */
  handlers: () => Partial<MethodHandlers>
  onError?: (error: unknown) => void
}

export function createCommunicator({
  host,
  frame,
  origin,
  handlers,
  onError,
}: CommunicatorOptions): Communicator {
  let disposed = false
  const post = (target: Pick<Window, 'postMessage'>, message: unknown) => {
    if (disposed) return
    try {
      target.postMessage(message, origin)
    } catch (error) {
      onError?.(error)
    }
  }
  const listener = (event: MessageEvent) => {
    const target = frame()
    // Another window (a second frame, a popup, the host itself) or another origin: no answer, no effect.
    if (disposed || !target || event.source !== target || event.origin !== origin) return
    const parsed = parseAppMessage(event.data)
    if (parsed.kind === 'ignore') return
    if (parsed.kind === 'invalid') return post(target, errorResponse(parsed.id, parsed.error))
    void dispatchRequest(parsed.request, handlers(), origin).then((response) => post(target, response))
  }
  host.addEventListener('message', listener as EventListener)
  return {
    push(data) {
      const target = frame()
      // A fresh id no request has: the SDK ignores it, apps that want it read it with their own listener.
      if (target) post(target, successResponse(`host-${Math.random().toString(36).slice(2)}`, data))
    },
    dispose() {
      disposed = true
      host.removeEventListener('message', listener as EventListener)
    },
  }
}
