import { ArrowLeft, Compass } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';

/** Every "not found" screen: a workflow, a profile, an order or an unknown address. */
export function NotFoundState({
  title,
  text,
  action,
  code,
}: {
  title: string;
  text: string;
  /** Where to go instead; `back` draws a back arrow. */
  action: { to: string; label: string; back?: boolean };
  /** Shown above the title on the unknown-address page ("404"). */
  code?: string;
}) {
  return (
    <section
      className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center"
      data-testid="not-found"
    >
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      {code && <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700">{code}</p>}
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <ButtonLink size="lg" className="mt-8" to={action.to}>
        {action.back && <ArrowLeft aria-hidden="true" />}
        {action.label}
      </ButtonLink>
    </section>
  );
}
