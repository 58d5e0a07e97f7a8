import type { Tone } from '@console/ui/badge';
import type { ActionType } from '@domain/enums';

// How the audit log shows its action types; the action-type and resource-type labels live in @domain/enums, since the
// query language's keys (src/domain/search-query) offer them too.

/** Update and delete in their spec tones (info, error); an insert reads as a success. */
export const ACTION_TYPE_TONES: Record<ActionType, Tone> = {
  INSERT: 'success',
  UPDATE: 'info',
  DELETE: 'error',
};

/** The detail modal's title per action (spec 2, section 2.8). */
export const CHANGES_TITLES: Record<ActionType, string> = {
  INSERT: 'New values',
  DELETE: 'Old values',
  UPDATE: 'Update information',
};

/** The provider-staff hint on the Resource type column (spec 2, section 2.8). */
export const USER_RESOURCE_HINT = 'Resource type User can belong to any account.';
