import { Link } from 'react-router'

export function NotFoundRoute() {
  return (
    <section className="page">
      <h1>Page not found</h1>
      <p className="muted">
        There is nothing here. <Link to="/">Go to the start page</Link>.
      </p>
    </section>
  )
}
