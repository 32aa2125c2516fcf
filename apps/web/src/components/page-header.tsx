/** A public page's title and the line introducing it. */
export function PageHeader({
  title,
  intro,
  className,
}: {
  title: string;
  intro?: string;
  className?: string;
}) {
  return (
    <header className={className}>
      <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">{title}</h1>
      {intro && <p className="mt-3 text-lg text-slate-600">{intro}</p>}
    </header>
  );
}
