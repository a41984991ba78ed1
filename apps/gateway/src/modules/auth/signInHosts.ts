// Which hosts a Sign-In with Ethereum message's domain may name: configuration decides, never the request.

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * The hosts a SIWE message's domain may name, from configuration only: the public URL's host and the configured
 * origins' hosts. A public URL on loopback also accepts the other loopback names on any port (a page on
 * loopback is on this machine; no remote site can be one). The request's Host header is never among them: a
 * phishing site that collected a sign-in for its own domain could otherwise replay it with that Host.
 */
export function signInHosts(publicUrl: string, origins: Iterable<string>): (domain: string) => boolean {
  const hosts = new Set([publicUrl, ...origins].map((o) => new URL(o).host.toLowerCase()))
  const loopback = LOOPBACK_HOSTNAMES.includes(new URL(publicUrl).hostname.toLowerCase())
  return (domain) => {
    const host = domain.toLowerCase()
    if (hosts.has(host)) return true
    if (!loopback || !URL.canParse(`http://${host}`)) return false
    const url = new URL(`http://${host}`)
    return LOOPBACK_HOSTNAMES.includes(url.hostname) && `http://${host}` === url.origin
  }
}
