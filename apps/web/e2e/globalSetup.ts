// Before any e2e file starts: the web app is built once, so that files running side by side never build it at
// the same time into the same folder (each file's stack then finds it current).
import { ensureWebBuild } from '../../../scripts/buildWeb.ts'

export default function setup() {
  ensureWebBuild()
}
