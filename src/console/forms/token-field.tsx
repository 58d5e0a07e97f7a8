import { IconButton } from '@console/ui/button';
import { CloseIcon } from '@console/ui/icons';
import { type ClipboardEvent, type KeyboardEvent, useId, useState } from 'react';
import { describedByOf, FieldNotes } from './field-notes';

export interface TokenFieldProps {
  label: string;
  values: readonly string[];
  /** The values as the user left them: typed items are added, trimmed, without repeats, in the order typed. */
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  placeholder?: string;
  /** Shown as suggestions while typing (the merchant's lists). */
  suggestions?: readonly string[];
  /** Codes are kept in upper case. */
  upperCase?: boolean;
  /** Keys the input refuses (the BIN code's e, E, +, -, . and comma). */
  blockedKeys?: readonly string[];
  inputMode?: 'text' | 'numeric';
  autoFocus?: boolean;
}

const SEPARATORS = /[;\n]/;

/**
 * A list of values typed as text: Enter or a semicolon adds what was typed (several at once when pasted with
 * semicolons), each value shows as a chip with its own Remove button, and Backspace in the empty input removes the
 * last one. What is still in the input when the field is left is added too, so nothing typed is lost.
 */
export function TokenField({
  label,
  values,
  onChange,
  onBlur,
  error,
  hint,
  placeholder,
  suggestions,
  upperCase = false,
  blockedKeys = [],
  inputMode = 'text',
  autoFocus,
}: TokenFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  const listId = suggestions?.length ? `${id}-suggestions` : undefined;

  const commit = (raw: string): string[] => {
    const typed = raw
      .split(SEPARATORS)
      .map((item) => (upperCase ? item.trim().toUpperCase() : item.trim()))
      .filter(Boolean);
    const next = [...values];
    for (const item of typed) if (!next.includes(item)) next.push(item);
    setText('');
    if (next.length !== values.length) onChange(next);
    return next;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (blockedKeys.includes(event.key)) {
      event.preventDefault();
      return;
    }
    if ((event.key === 'Enter' || event.key === ';') && text.trim()) {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!SEPARATORS.test(pasted)) return;
    event.preventDefault();
    commit(text + pasted);
  };

  const describedBy = describedByOf(id, hint, error);
  return (
    <div className="field token-field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {values.length > 0 ? (
        <ul className="token-field__tokens" aria-label={`${label} values`}>
          {values.map((value) => (
            <li key={value} className="token-field__token">
              <span>{value}</span>
              <IconButton
                aria-label={`Remove ${value}`}
                size="sm"
                variant="ghost"
                icon={<CloseIcon />}
                onClick={() => onChange(values.filter((item) => item !== value))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        className="input"
        value={text}
        placeholder={placeholder}
        inputMode={inputMode}
        list={listId}
        autoComplete="off"
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (text.trim()) commit(text);
          onBlur?.();
        }}
      />
      {listId ? (
        <datalist id={listId}>
          {suggestions
            ?.filter((item) => !values.includes(item))
            .map((item) => (
              <option key={item} value={item} />
            ))}
        </datalist>
      ) : null}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
