import { FormField, type FieldProps } from './form-field';
import { NativeSelect } from './native-select';

/**
 * A form field whose control is one native select held in the component's state: the label, help
 * and error of `FormField` around a `NativeSelect` of `options`, which hands the chosen value to
 * `onValueChange`.
 */
export function SelectField({
  value,
  onValueChange,
  options,
  ...field
}: FieldProps & {
  value: string;
  onValueChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <FormField {...field}>
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
