import type { InputHTMLAttributes } from 'react';
import { FormField, type FieldProps } from './form-field';
import { Input } from './input';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/**
 * A form field whose control is one text input held in the component's state: the label, help and
 * error of `FormField` around an `Input`, which hands each edit to `onValueChange` as plain text.
 * Any other input attribute (type, autoComplete, inputMode, onBlur) goes to the input.
 */
export function TextField({
  id,
  label,
  error,
  help,
  value,
  onValueChange,
  ...input
}: InputProps &
  FieldProps & {
    value: string;
    onValueChange: (value: string) => void;
  }) {
  return (
    <FormField id={id} label={label} error={error} help={help}>
      {(control) => (
        <Input
          {...input}
          {...control}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
