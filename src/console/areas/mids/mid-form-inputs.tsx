import { TextField } from '@console/ui/text-field';
import type { TemplateField } from '@domain/mids';
import { useId } from 'react';

// The MID form's own inputs: an acquirer template's field, and the Force 3DS radio list with each value's help.

export function TemplateInput({
  field,
  stored,
  value,
  error,
  onChange,
  onBlur,
}: {
  field: TemplateField;
  stored: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const secretHint = stored ? 'Stored and hidden. Leave empty to keep it, or type a new one to replace it.' : null;
  return (
    <TextField
      label={field.label}
      required={field.required && !stored}
      type={field.type === 'secret' ? 'password' : 'text'}
      inputMode={field.type === 'number' ? 'numeric' : undefined}
      autoComplete={field.type === 'secret' ? 'new-password' : 'off'}
      placeholder={stored ? '••••••••' : undefined}
      hint={[field.help, secretHint].filter(Boolean).join(' ') || undefined}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

export function RadioList<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string; help: string }[];
}) {
  const name = useId();
  return (
    <fieldset className="radio-list form-field--wide">
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-list__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
          <span className="radio-list__help">{option.help}</span>
        </label>
      ))}
    </fieldset>
  );
}
