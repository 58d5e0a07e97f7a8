import { resolveTemplateKey } from '@domain/chargebacks';
import { DEFAULT_TEMPLATE_KEY, type DisputeTemplate } from '@domain/contract/dispute-templates';
import { DISPUTE_TEMPLATE_KEY_LABELS, DISPUTE_TEMPLATE_KEYS, type DisputeTemplateKey } from '@domain/enums';

// The configuration screen's slots (spec 3, section 2.5): Default, Others, one per reason, then ChargebackAccepted,
// ChargebackInvalid and Refund, each with its uploaded file or the slot a document for it falls back to.

export interface TemplateSlot {
  key: DisputeTemplateKey;
  label: string;
  /** The uploaded file; null when the slot is empty. */
  template: DisputeTemplate | null;
  /** For an empty slot, the slot its documents use instead (Others, then Default); null when none is uploaded. */
  fallback: DisputeTemplateKey | null;
}

export function templateSlots(templates: readonly DisputeTemplate[]): TemplateSlot[] {
  const byKey = new Map(templates.map((template) => [template.reason, template]));
  return DISPUTE_TEMPLATE_KEYS.map((key) => {
    const template = byKey.get(key) ?? null;
    return {
      key,
      label: DISPUTE_TEMPLATE_KEY_LABELS[key],
      template,
      fallback: template ? null : resolveTemplateKey(key, byKey.keys()),
    };
  });
}

/** What an empty slot says: where its documents come from instead. */
export function emptySlotText(slot: TemplateSlot): string {
  if (slot.key === DEFAULT_TEMPLATE_KEY) return 'Not uploaded. Reasons without a template of their own use it last.';
  if (!slot.fallback) return 'Not uploaded. No template to fall back to: documents cannot be built.';
  return `Not uploaded. Uses the ${DISPUTE_TEMPLATE_KEY_LABELS[slot.fallback]} template.`;
}
