import type { ReactNode } from 'react';
import { FieldError, Label } from './label';

/** What a field's control needs to be linked to its label, help and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What names and explains one form field: its control's id, its label, help text and error. */
export interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  help?: ReactNode;
}

/**
 * Label, control, help text and error of one form field. Given a function, it renders the control
 * with `id`, `aria-invalid` and `aria-describedby` (the help and the error) already set:
 * `{(control) => <Input {...control} {...form.register('title')} />}`.
 */
export function FormField({
  id,
  label,
  error,
  help,
  children,
}: FieldProps & {
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}) {
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { help, error }),
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {typeof children === 'function' ? children(control) : children}
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

/** A field's help text and its error, under the ids `describedBy` gives the control. */
export function FieldNotes({ id, help, error }: { id: string; help?: ReactNode; error?: string }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-600">
          {help}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </>
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
