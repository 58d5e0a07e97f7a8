import { formatFileSize } from '@domain/format';
import { type DragEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { Button } from './button';
import { DocumentIcon } from './icons';
import './file-drop.css';

// A file field for one file: drop it on the zone, or press 'Choose file' (a real button, so keyboard and screen-reader
// users pick it the platform's way). The chosen file shows with its name and size and can be replaced or removed; a
// file already stored shows by its name until one replaces it. The caller checks the file (onFile) and words the
// message.

export interface FileDropProps {
  /** The field's name ('Invoice document'): the group's label and the file input's. */
  label: string;
  /** What the zone says ('Drag and drop the PDF here'). */
  prompt: string;
  /** The input's accept list ('application/pdf,.pdf'). */
  accept: string;
  file: File | null;
  /** The stored file's name when no new file is chosen (an edit). */
  storedName?: string;
  onFile: (file: File | null) => void;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** The 'Choose file' button, for the form's focus on a refused save. */
  ref?: Ref<HTMLButtonElement>;
}

export function FileDrop({
  label,
  prompt,
  accept,
  file,
  storedName,
  onFile,
  error,
  hint,
  required,
  ref,
}: FileDropProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const shown = file ? { name: file.name, size: formatFileSize(file.size) } : storedName ? { name: storedName } : null;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would draw its own border and legend inside the zone
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      className={['file-drop', over ? 'file-drop--over' : '', error ? 'file-drop--invalid' : ''].join(' ')}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <span id={`${id}-label`} className="field__label">
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        className="visually-hidden"
        tabIndex={-1}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so the same file can be chosen again after a refusal.
          event.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
      <div className="file-drop__zone">
        <DocumentIcon className="file-drop__icon" />
        {shown ? (
          <span className="file-drop__file">
            <span className="file-drop__name">{shown.name}</span>
            {shown.size ? <span className="text-muted">{shown.size}</span> : null}
            {!file ? <span className="text-muted">Stored document</span> : null}
          </span>
        ) : (
          <span className="file-drop__prompt">{prompt}</span>
        )}
        <span className="file-drop__actions">
          <Button
            ref={ref}
            size="sm"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onClick={() => input.current?.click()}
          >
            {shown ? 'Replace file' : 'Choose file'}
          </Button>
          {file ? (
            <Button size="sm" variant="ghost" onClick={() => onFile(null)}>
              Remove file
            </Button>
          ) : null}
        </span>
      </div>
      {hint ? (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="field__error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
