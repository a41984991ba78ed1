export type PagePlaceholderProps = { title: string; description: string }

/** Empty screen for sections that later work fills in. */
export function PagePlaceholder({ title, description }: PagePlaceholderProps) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="card placeholder">
        <p className="muted">{description}</p>
      </div>
    </section>
  )
}
