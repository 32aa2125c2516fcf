import { Check } from 'lucide-react';
import { FieldNotes, describedBy } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';

/** A multi-select as a group of toggle chips (real checkboxes, so keyboards and screen readers know them). */
export function CheckboxGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  help,
  disabledIds = [],
}: {
  id: string;
  legend: string;
  options: { id: string; label: string }[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  help?: string;
  /** Options shown but not choosable (e.g. platforms other than the file's). */
  disabledIds?: readonly string[];
}) {
  const toggle = (optionId: string, checked: boolean) =>
    onChange(checked ? [...value, optionId] : value.filter((item) => item !== optionId));
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={describedBy(id, { help, error })}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = value.includes(option.id);
          const disabled = disabledIds.includes(option.id);
          return (
            <label
              key={option.id}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors focus-within:ring-2 focus-within:ring-brand-500/40',
                checked
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                error && !checked && 'border-red-300',
                disabled && 'cursor-not-allowed opacity-50 hover:bg-white',
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                name={id}
                value={option.id}
                checked={checked}
                disabled={disabled}
                onChange={(event) => toggle(option.id, event.target.checked)}
              />
              {checked && <Check className="size-3.5" aria-hidden="true" />}
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </fieldset>
  );
}
