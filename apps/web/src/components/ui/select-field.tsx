import type { ReactNode } from 'react';
import { FormField } from './form-field';
import { NativeSelect } from './native-select';

/**
 * A form field whose control is one native select held in the component's state: the label, help
 * and error of `FormField` around a `NativeSelect` of `options`, which hands the chosen value to
 * `onValueChange`.
 */
export function SelectField({
  id,
  label,
  error,
  help,
  value,
  onValueChange,
  options,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  help?: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <FormField id={id} label={label} error={error} help={help}>
      {(control) => (
        <NativeSelect
          {...control}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          options={options}
        />
      )}
    </FormField>
  );
}
