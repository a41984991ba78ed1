/** Saves `text` as a file named `filename` through the browser's download (nothing leaves the browser). */
export function downloadText(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = filename
  anchor.click()
  // Revoked once the download has started with it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}
