// Client errors a handler may throw; http/createApp.ts turns them into `{code, message}` bodies.
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 422 | 429 | 451 | 503,
    message: string,
  ) {
    super(message)
  }
}

export class NotFoundError extends HttpError {
  override name = 'NotFoundError'
  constructor(message: string) {
    super(404, message)
  }
}
