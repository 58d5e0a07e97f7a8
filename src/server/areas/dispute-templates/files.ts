// The link behind a template download; the bytes go out through lib/attachment.ts (attachment, nosniff, no-store).

/**
 * The link a template download answers with: a path under the API base, fetched with the caller's session. (A
 * case's document link is chargebackDocumentPath, next to the detail that also shows it.)
 */
export const templateFilePath = (accountId: string, templateKey: string, fileName: string) =>
  `/account/${accountId}/chargeback-template/${templateKey}/file/${encodeURIComponent(fileName)}/content`;
