// The error and message catalogue (spec 1, section 8). The server answers errors with `{ statusCode, error, message }`
// where `error` is a key of this catalogue; the console looks the key up here. Unknown keys become 'unexpected-error'.

export type MessageType = 'success' | 'warning' | 'error' | 'info';

export interface CatalogueMessage {
  header: string;
  content?: string;
  type: MessageType;
}

const GENERIC = 'Sorry, there was a problem. Please try again';

export const CATALOGUE = {
  // Generic and global
  'unexpected-error': { header: 'Oops! Something went wrong', content: GENERIC, type: 'error' },
  'connection-error': {
    header: 'Oops! Something went wrong',
    content: 'We could not reach the server. Check your connection and try again.',
    type: 'error',
  },
  'server-error': { header: 'Server error', content: 'Try again later', type: 'error' },
  'page-not-found': { header: "Oops! Sorry, we can't find that page", type: 'error' },
  'resource-not-found': {
    header: "Oops! Sorry, we can't find that page",
    content: 'You may not have access to this resource. Request permissions from an administrator if you need them.',
    type: 'error',
  },
  'form-not-validated': { header: 'Form not validated', content: GENERIC, type: 'error' },
  'required-field': { header: 'Required field', type: 'error' },
  'too-many-requests': {
    header: 'Too many attempts',
    content: 'Please wait a few minutes before trying again.',
    type: 'error',
  },

  // Sign-in and session
  'invalid-login-credentials': {
    header: 'Invalid login credentials',
    content: 'Please check that everything is correct and try again.',
    type: 'error',
  },
  'login-internal-error': {
    header: 'Internal system error',
    content: 'We could not sign you in because of an internal error. Please try again later.',
    type: 'error',
  },
  'session-opened-another-device': {
    header: 'Session opened on another device or browser',
    content: 'A new session was started on another device. Sign in again to continue here.',
    type: 'warning',
  },
  'session-expired': {
    header: 'Your session has expired',
    content: 'Sign in again to continue.',
    type: 'warning',
  },
  'token-expired': { header: 'Your session has expired', content: 'Sign in again to continue.', type: 'warning' },
  'missing-token': { header: 'Your session has expired', content: 'Sign in again to continue.', type: 'warning' },

  // Password flows
  'link-expired': {
    header: 'This link has expired',
    content: 'Links are valid for 24 hours. Request a new one, or contact support if the problem persists.',
    type: 'error',
  },
  'not-existing-email': { header: 'Not existing email, please try another one', type: 'error' },
  'forgot-email-sent': {
    header: 'Check your inbox',
    content: 'We have sent you an e-mail with a link to reset your password. It may take up to 5 minutes to arrive.',
    type: 'success',
  },
  'pwd-created-successfully': {
    header: 'Password created or restored successfully',
    content: 'Your account is active. You can now sign in.',
    type: 'success',
  },
  'pwd-changed-successfully': {
    header: 'Password created or restored successfully',
    content: 'You can now sign in with your new password.',
    type: 'success',
  },
  'newsletter-unsubscribed': {
    header: 'You have been unsubscribed',
    content: 'You will no longer receive these e-mails.',
    type: 'success',
  },

  // Saving and generic outcomes
  'successfully-created': { header: 'Created successfully', type: 'success' },
  'successfully-edited': { header: 'Changes saved successfully!', type: 'success' },
  'successfully-deleted': { header: 'Deleted successfully', type: 'success' },
  'successfully-uploaded': { header: 'Uploaded successfully', type: 'success' },
  'successfully-added': { header: 'Added successfully', type: 'success' },
  'successfully-duplicated': { header: 'Duplicated successfully', type: 'success' },
  'save-successfully': { header: 'Changes saved successfully!', type: 'success' },
  'user-successfully-deleted': { header: 'User deleted successfully', type: 'success' },
  'reminder-sent-successfuly': { header: 'Invitation reminder successfully sent!', type: 'success' },
  'refund-successfully-sent': { header: 'Refund sent successfully', type: 'success' },
  'export-email-requested': {
    header: 'Export email requested',
    content: 'Check your inbox in 10-15 minutes.',
    type: 'success',
  },
  'without-changes': { header: "You haven't made any changes", type: 'warning' },
  'confirm-cancel-changes': {
    header: 'Are you sure you want to cancel? Your changes will be lost.',
    type: 'warning',
  },
  'async-refund': { header: 'Waiting for confirmation', type: 'warning' },
  'mids-in-use': { header: 'Some routes already use this MID.', type: 'warning' },
  'plan-in-use': { header: 'Remember to check your settings before saving!', type: 'warning' },
  'item-duplicated': { header: 'Some items are already on the list', content: 'Add the new items?', type: 'warning' },
  // My Lists (spec 2, sections 5 and 8). The items or dependants come with the error (ApiErrorBody).
  'item-in-use': {
    header: 'Item in use',
    content: 'Routes or MIDs use it. Remove it from them first.',
    type: 'warning',
  },
  'invalid-url-error': { header: 'URL/s not valid', content: 'Please check and reenter this URL/s', type: 'error' },
  'invalid-tag-error': { header: 'Some custom tags are not valid', content: 'Correct or remove them:', type: 'error' },
  'last-item': {
    header: "Can't delete las item",
    content: 'A list keeps at least one item: add another one first.',
    type: 'warning',
  },

  // Failures
  'not-saved': { header: 'Not saved', content: GENERIC, type: 'error' },
  'not-loaded': { header: 'Not loaded', content: GENERIC, type: 'error' },
  'not-created': { header: 'Not created', content: GENERIC, type: 'error' },
  'not-edited': { header: 'Not edited', content: GENERIC, type: 'error' },
  'not-deleted': { header: 'Not deleted', content: GENERIC, type: 'error' },
  'not-selected': { header: 'Not selected', content: GENERIC, type: 'error' },
  'download-error': { header: 'Download failed', content: GENERIC, type: 'error' },
  'export-error': { header: 'Export failed', content: GENERIC, type: 'error' },
  'export-too-big': {
    header: 'The export file is too big!',
    content:
      'This export holds between 10k and 100k records. We can send the file to your e-mail; it arrives in 10 to 15 minutes.',
    type: 'warning',
  },
  'export-too-large': {
    header: 'The export is too large',
    content: 'Exports are limited to 100,000 records. Narrow the filters and try again.',
    type: 'error',
  },
  'duplicate-error': { header: 'Unable to duplicate', content: GENERIC, type: 'error' },
  'delete-error': { header: 'Not deleted', content: GENERIC, type: 'error' },
  'save-error': { header: 'Not saved', content: GENERIC, type: 'error' },
  'user-not-created': { header: 'User not created', content: 'A user with this e-mail already exists.', type: 'error' },
  'user-creation-error': { header: 'Error while creating the new user', content: GENERIC, type: 'error' },
  'status-change-error': { header: 'Update status failed', content: GENERIC, type: 'error' },
  'details-error': { header: 'Error getting details', content: GENERIC, type: 'error' },
  'user-activity-mapping-error': { header: 'Error getting details', content: GENERIC, type: 'error' },
  'template-format-error': {
    header: 'The dispute document cannot be downloaded due to a format error.',
    type: 'error',
  },
  'no-templates-assigned': {
    header: "This account doesn't have templates assigned",
    content: 'Get in touch with the account administrator to solve this problem.',
    type: 'error',
  },
  // Template uploads (spec 3, section 5): the server answers the modal's key; its message is the modal's content.
  'template-name-invalid': {
    header: 'File name invalid',
    content: 'The file length must be between 3 and 63',
    type: 'error',
  },
  'template-format-unsupported': {
    header: "We don't support this file format",
    content: 'Please use a .docm or .docx instead.',
    type: 'error',
  },
  'template-too-big': {
    header: 'The file is too big!',
    content: 'The file must not be larger than 3 MB (3,145,728 bytes).',
    type: 'error',
  },
  'default-template-undeletable': {
    header: 'The Default template cannot be deleted',
    content: 'Every other template falls back to it. Replace it with another file instead.',
    type: 'error',
  },
  'cant-delete-account': {
    header: "Can't delete account",
    content: 'Delete its merchants and users first.',
    type: 'error',
  },
  // Account saves (issue 12): the server's guards behind the wizard's locks.
  'account-changed': {
    header: 'This account has changed',
    content: 'Another user saved it while you were editing. Reload it and make your changes again.',
    type: 'warning',
  },
  'merchant-changed': {
    header: 'This merchant has changed',
    content: 'Another user saved it while you were editing. Reload it and make your changes again.',
    type: 'warning',
  },
  'user-changed': {
    header: 'This user has changed',
    content: 'Another user saved it while you were editing. Reload it and make your changes again.',
    type: 'warning',
  },
  // Plans (issue 24): an edit over another user's save, and an edit that changes the locked basic settings.
  'plan-changed': {
    header: 'This plan has changed',
    content: 'Another user saved it while you were editing. Reload it and make your changes again.',
    type: 'warning',
  },
  'plan-basic-settings-locked': {
    header: 'The charging cycle and time cannot be changed once the plan exists',
    content: 'Create a new plan for another charging cycle or time.',
    type: 'error',
  },
  // MIDs (issue 13, spec 2 section 8). mids-in-use carries the routes as dependants.
  'mid-changed': {
    header: 'This MID has changed',
    content: 'Another user saved it while you were editing. Reload it and make your changes again.',
    type: 'warning',
  },
  // A MID edit whose variables would refuse orders of routes that use it (routing rule 7); the routes come as
  // dependants, and the variables to blame as fields.
  'mid-routes-bad-config': {
    header: 'Some routes already use this MID.',
    content:
      'These variables would refuse orders those routes send it. Change the routes first, or keep values that take their orders.',
    type: 'warning',
  },
  'mid-with-transactions': {
    header: 'Payments Solution cannot be edited',
    content: 'This MID is being used in some transaction and Payments Solution cannot be edited',
    type: 'warning',
  },
  'mid-used-by-transactions': {
    header: 'Impossible to delete MID',
    content: 'Payments were processed on this MID, so it stays for their records. Remove it from the routes instead.',
    type: 'error',
  },
  // Routes (issue 14, spec 2 sections 4 and 8).
  'route-changed': {
    header: 'This route has changed',
    content: 'Another user saved it while you were editing. Reload it and make your changes again.',
    type: 'warning',
  },
  'route-with-transactions': {
    header: "Can't delete route",
    content: 'Payments went through this route, so it stays for their records. Set its weight to 0 to stop it.',
    type: 'warning',
  },
  'mid-bad-config': {
    header: 'The MID does not accept these variables',
    content: 'The MID was cleared: choose one that accepts the route’s variables.',
    type: 'warning',
  },
  'fallback-bad-config': {
    header: 'The fallback MID does not accept these variables',
    content: 'The fallback MID was cleared: choose one that accepts the route’s variables.',
    type: 'warning',
  },
  'mids-bad-config': {
    header: 'The MIDs do not accept these variables',
    content: 'The MID and the fallback MID were cleared: choose ones that accept the route’s variables.',
    type: 'warning',
  },
  // The routing backtest (issue 23).
  'backtest-too-large': {
    header: 'The draft is too large to backtest',
    content: 'A backtest takes at most 1 MB of draft routes and 5,000 values the saved routes do not name.',
    type: 'error',
  },
  'backtest-superseded': {
    header: 'Backtest replaced',
    content: 'You started another backtest, which replaced this one: each user runs one backtest at a time.',
    type: 'warning',
  },
  // Limits and alerts (issue 16, spec 3 sections 3 and 7).
  'limit-changed': {
    header: 'These limits have changed',
    content: 'Another user saved them while you were editing. Reload them and make your changes again.',
    type: 'warning',
  },
  'alert-without-limit': {
    header: 'Set a limit before its alert',
    content: 'An alert is a percentage of the daily or monthly limit: save a limit first.',
    type: 'error',
  },
  'account-in-use': {
    header: 'Not saved',
    content: 'A MID or payments use some of the providers or solutions you removed; they must stay.',
    type: 'error',
  },
  // Races the database decided (issue 23): a write named a row a parallel request deleted, a delete found the row
  // newly in use, or two writes claimed one value. The client reloads and decides again.
  'reference-removed': {
    header: 'Not saved',
    content: 'Something it refers to was removed while you were saving. Reload and try again.',
    type: 'error',
  },
  'record-in-use': {
    header: 'Not deleted',
    content: 'Something started using it while you were deleting it. Reload to see what uses it.',
    type: 'error',
  },
  'record-conflict': {
    header: 'Not saved',
    content: 'Another change was saved at the same moment. Reload and try again.',
    type: 'error',
  },
  'outdated-local-status': {
    header: 'The status has changed',
    content: 'Another user changed this case while you were looking at it. Update to see the current status.',
    type: 'warning',
  },
  'fraud-type-not-applicable': {
    header: 'Fraud type not applicable',
    content: "Only cases with the reason 'Fraud - no cardholder authorization' carry a fraud type.",
    type: 'error',
  },

  // Subscription actions (issue 24; spec 3, sections 4 and 9). The platform applies them within 30 seconds.
  'subscription-changed': {
    header: 'This subscription has changed',
    content: 'Someone else changed it while you were looking at it. Reload it to see its status, then try again.',
    type: 'warning',
  },
  'subscription-action-not-allowed': {
    header: 'Action not available',
    content: 'The subscription is no longer in a status that allows this action. Reload it to see its status.',
    type: 'warning',
  },
  'subscription-action-timeout': {
    header: 'The platform did not answer in time',
    content: 'Nothing was changed after 30 seconds of waiting. Reload the subscription and try again.',
    type: 'error',
  },
  'subscription-action-failed': {
    header: 'The platform refused the action',
    content: 'Nothing was changed. Reload the subscription and try again.',
    type: 'error',
  },

  // Saved views (issue 26): an edit or delete over another save, a name the list already has, the per-list bound.
  'saved-view-changed': {
    header: 'This view has changed',
    content: 'Someone saved or deleted it while you were looking at it. Reload the views and make your changes again.',
    type: 'warning',
  },
  'saved-view-name-taken': {
    header: 'This view name is already used',
    content: 'A view of this list already has this name. Choose another name.',
    type: 'error',
  },
  'saved-view-limit-reached': {
    header: 'Too many views of this list',
    content: 'You can keep at most 100 views of one list. Delete one to save another.',
    type: 'error',
  },

  // Invoices (issue 25; spec 3, sections 4, 5 and 8). Status changes compare-and-set on the status the user saw; a
  // draft's edit on its version; the number is unique per account; the PDF is checked by content.
  'invoice-number-taken': {
    header: 'This invoice number is already used',
    content: 'Another invoice of this account has this number. Use another number.',
    type: 'error',
  },
  'invoice-status-changed': {
    header: 'The status has changed',
    content:
      "Another user changed this invoice's status while you were looking at it. Reload to see the current status.",
    type: 'warning',
  },
  'invoice-changed': {
    header: 'This invoice has changed',
    content: 'Another user saved it while you were editing. Reload it and make your changes again.',
    type: 'warning',
  },
  'invoice-not-draft': {
    header: 'This invoice is no longer a draft',
    content: 'It was published meanwhile: a published invoice can no longer be edited or deleted.',
    type: 'warning',
  },
  'invoice-status-not-allowed': {
    header: 'Update status failed',
    content: 'This status change is not allowed: a draft can only be published, and a cancelled invoice is final.',
    type: 'error',
  },
  'invoice-cancelled': {
    header: 'Download failed',
    content: 'This invoice was cancelled: its file can no longer be downloaded.',
    type: 'error',
  },
  'invoice-file-unsafe': {
    header: 'The file cannot be accepted',
    content: 'The PDF holds scripts, automatic actions, attached files or encryption. Upload a plain PDF.',
    type: 'error',
  },
  'download-link-expired': {
    header: 'Download failed',
    content: 'The download link has expired. Download the file again.',
    type: 'error',
  },

  // Refunds (spec 3, section 8). A refused refund's message names the reason ('This transaction was fully refunded',
  // 'The amount cannot exceed 12,34 EUR'); the result modal shows it under the code.
  'refund-creation-error': { header: 'Unable to refund', content: GENERIC, type: 'error' },
  'refund-not-allowed': { header: 'Unable to refund', content: 'This transaction cannot be refunded.', type: 'error' },
  'refund-amount-exceeded': {
    header: 'Unable to refund',
    content: 'The amount is above what remains to be refunded.',
    type: 'error',
  },
  'refund-amount-changed': {
    header: 'Unable to refund',
    content: 'The refundable amount changed. Reload the transaction and try again.',
    type: 'error',
  },
  'idempotency-key-reused': {
    header: 'Refund failed',
    content: 'Check in the transactions table whether the refund is already done before trying again.',
    type: 'error',
  },
} as const satisfies Record<string, CatalogueMessage>;

export type ErrorKey = keyof typeof CATALOGUE;

export function isCatalogueKey(key: unknown): key is ErrorKey {
  return typeof key === 'string' && Object.hasOwn(CATALOGUE, key);
}

/** The message for a key; unknown keys yield 'unexpected-error'. */
export function messageFor(key: unknown): CatalogueMessage & { key: ErrorKey } {
  const known: ErrorKey = isCatalogueKey(key) ? key : 'unexpected-error';
  return { key: known, ...CATALOGUE[known] };
}

/** What the console does with an HTTP status before looking at the key (spec 1, section 8). */
export type StatusEffect = 'end-session' | 'resource-not-found' | 'server-error' | 'show-message';

export function effectOfStatus(status: number): StatusEffect {
  if (status === 401 || status === 410) return 'end-session';
  if (status === 403 || status === 404) return 'resource-not-found';
  if (status >= 500 && status <= 511) return 'server-error';
  return 'show-message';
}

/** The shape of every error body the API sends. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** Field errors keyed by path ("accounts.0"), first message per field. */
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** The items a list answer is about: duplicated or invalid entries (spec 2, section 8). */
  items?: string[];
  /** What still uses the item a delete was refused for (item-in-use). */
  dependants?: ErrorDependant[];
}

export interface ErrorDependant {
  kind: 'ROUTE' | 'MID';
  id: string;
  description: string;
}
