import type { ReactNode } from 'react';
import { FieldError, Label } from './label';

/**
 * Label, control, help text and error of one form field. The control gets `id`, and should set
 * `aria-describedby={describedBy(id, …)}` so the help and the error are read with it.
 */
export function FormField({
  id,
  label,
  error,
  help,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  help?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-600">
          {help}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The ids a control should point to with aria-describedby. */
export function describedBy(
  id: string,
  { help, error }: { help?: unknown; error?: unknown },
): string | undefined {
  const ids = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}
