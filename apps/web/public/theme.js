// Pins a stored Light or Dark choice on <html data-theme> before the first paint, so the page never flashes
// the other theme while the app loads (System needs nothing: the CSS follows prefers-color-scheme). A file of
// its own rather than an inline script: the page's Content-Security-Policy allows no unhashed inline script.
try {
  const mode = JSON.parse(localStorage.getItem('concord.settings') || '{}').themeMode
  if (mode === 'light' || mode === 'dark') document.documentElement.dataset.theme = mode
} catch {
  // No storage or a corrupt entry: the device's scheme applies until the app starts.
}
