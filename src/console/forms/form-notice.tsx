import { Banner } from '@console/ui/banner';
import type { MessageType } from '@domain/errors';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

// Why a save was refused, said in the form beside its actions (issue 23). As a toast it sat over Save at the bottom
// right and stayed until dismissed, so a user who had fixed the field could not click Save. In the form it pushes
// the actions down instead of covering them, and the focus goes to the first field in error.

export interface FormNoticeMessage {
  type: Exclude<MessageType, 'success'>;
  header: string;
  content?: ReactNode;
}

export interface FormNotice extends FormNoticeMessage {
  /** Each refusal is a new notice, announced and followed by the focus move even when its text repeats. */
  id: number;
}

/** A catalogue message (or an ApiError, which is one) as a notice; a success is no reason to stay on a form. */
export function asNotice(message: { type: MessageType; header: string; content?: ReactNode }): FormNoticeMessage {
  const type = message.type === 'warning' || message.type === 'info' ? message.type : 'error';
  return { type, header: message.header, content: message.content };
}

let lastNoticeId = 0;

export interface FormNoticeState {
  notice: FormNotice | null;
  show: (message: FormNoticeMessage) => void;
  clear: () => void;
}

export function useFormNotice(): FormNoticeState {
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const show = useCallback((message: FormNoticeMessage) => {
    lastNoticeId += 1;
    setNotice({ ...message, id: lastNoticeId });
  }, []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * Moves the focus to the form's first field in error, in the order the user reads them: the first element marked
 * invalid, or the first control inside a group marked invalid (a checkbox list). False when no field is in error.
 */
export function focusFirstFieldInError(form: ParentNode): boolean {
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return false;
  const target = invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) return false;
  target.focus();
  return true;
}

/**
 * Keeps the focus through a save: Save is disabled while the call runs, which drops the focus to the page. When the
 * save ends with the focus nowhere (a refusal no field explains, a server error), it goes back where it was, so
 * Enter tries again; a field in error that took it keeps it.
 */
export function useFocusThroughSave(saving: boolean): { remember: () => void } {
  const holder = useRef<Element | null>(null);
  const wasSaving = useRef(false);
  useEffect(() => {
    if (saving) {
      wasSaving.current = true;
      return;
    }
    if (!wasSaving.current) return;
    wasSaving.current = false;
    const element = holder.current;
    holder.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && element instanceof HTMLElement && element.isConnected) element.focus();
  }, [saving]);
  const remember = useCallback(() => {
    holder.current = document.activeElement;
  }, []);
  return { remember };
}

/**
 * The notice above a form's actions. A new one takes the focus to the first field in error; a refusal no field
 * explains (another user's save, a lost connection) leaves the focus on Save, and its alert is read out.
 */
export function FormNoticeBanner({ notice }: { notice: FormNotice | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = notice?.id;
  useEffect(() => {
    if (id === undefined) return;
    const form = ref.current?.closest('form');
    if (form) focusFirstFieldInError(form);
  }, [id]);
  if (!notice) return null;
  return (
    <div ref={ref} key={notice.id}>
      <Banner type={notice.type} header={notice.header} content={notice.content} />
    </div>
  );
}
