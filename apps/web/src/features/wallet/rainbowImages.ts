const UNNAMED_IMAGE = '[data-rk] [role="img"]:not([aria-label]):not([aria-labelledby]):not([aria-hidden])'

/**
 * RainbowKit draws wallet icons and its intro pictures as `role="img"` boxes without a name (axe: role-img-alt),
 * each beside a text that already names it (the wallet's name, the intro's heading). Marks such boxes as
 * decorative as they appear, at most once a frame. Returns a function that stops watching.
 */
export function markRainbowImagesDecorative(root: HTMLElement = document.body): () => void {
  let frame = 0
  const mark = () => {
    frame = 0
    for (const image of root.querySelectorAll(UNNAMED_IMAGE)) image.setAttribute('aria-hidden', 'true')
  }
  const observer = new MutationObserver(() => {
    if (!frame) frame = requestAnimationFrame(mark)
  })
  observer.observe(root, { childList: true, subtree: true })
  mark()
  return () => {
    observer.disconnect()
    cancelAnimationFrame(frame)
  }
}
