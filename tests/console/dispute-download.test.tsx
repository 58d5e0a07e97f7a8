import type { ChargebackDetail } from '@domain/contract/chargebacks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CapturedDownload, captureDownloads } from './activity-fixtures';
import { json, renderApp } from './app-harness';
import {
  AGENT,
  apiError,
  CASE_VIEWER,
  CHARGEBACK_ID,
  type ChargebacksApiOptions,
  chargebackDetail,
  chargebacksApi,
  DETAIL_PATH,
  DOCUMENT,
  DOCX_BYTES,
  DOCX_TYPE,
  docx,
  preloadScreens,
} from './chargeback-detail-fixtures';

// The dispute document download of spec 3, section 2.4 from the case detail, against the fake API: the template
// picker, 'Preparing your download...', the saved .docx named by the server, the failure modal with 'Try again',
// the format-error and no-templates modals, and the keyboard.

let downloads: CapturedDownload[];

function renderDownload({
  permissions = AGENT,
  detail,
  ...api
}: { permissions?: string[]; detail?: ChargebackDetail } & Omit<ChargebacksApiOptions, 'detail'> = {}) {
  const fake = chargebacksApi({ ...api, detail: detail ?? chargebackDetail() });
  const app = renderApp({ path: DETAIL_PATH, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

async function loaded() {
  await screen.findByRole('region', { name: 'Case' });
}

/** The page's Download button (the picker has its own). */
function pageDownloadButton(): HTMLElement {
  return within(document.querySelector<HTMLElement>('.page-header')!).getByRole('button', { name: 'Download' });
}

async function openPicker(user: ReturnType<typeof renderApp>['user']) {
  await user.click(pageDownloadButton());
  return screen.findByRole('dialog', { name: 'Download dispute document' });
}

async function downloadWithDefaultTemplate(user: ReturnType<typeof renderApp>['user']) {
  const picker = await openPicker(user);
  await user.click(within(picker).getByRole('button', { name: 'Download' }));
}

/** A promise the test resolves when it wants the server to answer. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

beforeAll(preloadScreens, 20_000);

beforeEach(() => {
  sessionStorage.clear();
  downloads = captureDownloads();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('template picker', () => {
  it("opens on Download with the case reason's template chosen", async () => {
    const { user } = renderDownload();
    await loaded();
    const picker = await openPicker(user);
    const select = within(picker).getByRole('combobox', { name: 'Template' });
    expect(select).toHaveValue('FraudNoCardholderAuthorization');
    expect(within(select).getByRole('option', { selected: true })).toHaveTextContent(
      'Fraud - no cardholder authorization',
    );
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Default',
      'Others',
      'Cancelled merchandise/services',
      'Cancelled recurring transaction',
      'Credit not processed',
      'Duplicate processing',
      'Fraud - no cardholder authorization',
      'Incorrect amount',
      'Merchandise/services not provided',
      'Not as described',
      'Unrecognised transaction',
      'Chargeback documentation',
      'Chargeback accepted',
      'Chargeback invalid',
      'Refund',
    ]);
  });

  it('starts with Others for a reason that parsed to none of the others', async () => {
    const { user } = renderDownload({
      detail: chargebackDetail({ reason: { parsed: 'OthersDefault', processor: 'Unknown code 99' }, fraudType: null }),
    });
    await loaded();
    const picker = await openPicker(user);
    expect(within(picker).getByRole('combobox', { name: 'Template' })).toHaveValue('Others');
  });

  it('asks for the template chosen', async () => {
    const { user, documentCalls } = renderDownload();
    await loaded();
    const picker = await openPicker(user);
    await user.selectOptions(within(picker).getByRole('combobox', { name: 'Template' }), 'Chargeback accepted');
    await user.click(within(picker).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(documentCalls[0]!.body).toEqual({ reason: 'ChargebackAccepted' });
  });

  it('closes with Cancel or Escape and asks nothing', async () => {
    const { user, documentCalls } = renderDownload();
    await loaded();
    let picker = await openPicker(user);
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    picker = await openPicker(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(documentCalls).toHaveLength(0);
    // Focus goes back to the button that opened it.
    expect(pageDownloadButton()).toHaveFocus();
  });

  it('is not offered without the download permission', async () => {
    const { user } = renderDownload({ permissions: CASE_VIEWER });
    await loaded();
    expect(
      within(document.querySelector<HTMLElement>('.page-header')!).queryByRole('button', { name: 'Download' }),
    ).not.toBeInTheDocument();
    await user.keyboard('d');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('download', () => {
  it("prepares the document, then saves the .docx under the server's file name", async () => {
    const answer = deferred<Response>();
    const { user, documentCalls, fileCalls, detailCalls } = renderDownload({
      documentAnswers: [() => answer.promise],
    });
    await loaded();
    await downloadWithDefaultTemplate(user);

    const preparing = await screen.findByRole('dialog', { name: 'Preparing your download...' });
    expect(preparing).toHaveTextContent('It can take up to 30 seconds.');
    // It cannot be closed while the server works.
    expect(within(preparing).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Preparing your download...' })).toBeInTheDocument();
    expect(pageDownloadButton()).toBeDisabled();

    answer.resolve(json(200, DOCUMENT));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.fileName).toBe('dispute-CASE-7781.docx');
    expect(downloads[0]!.blob.type).toBe(DOCX_TYPE);
    expect(await downloads[0]!.blob.text()).toBe(DOCX_BYTES);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus is back on the button that started it, for the next key.
    await waitFor(() => expect(pageDownloadButton()).toHaveFocus());

    expect(documentCalls).toHaveLength(1);
    expect(documentCalls[0]!.body).toEqual({ reason: 'FraudNoCardholderAuthorization' });
    // The link is fetched through the API client, with the session's token.
    expect(fileCalls).toHaveLength(1);
    expect(fileCalls[0]!.headers.get('Authorization')).toBe('Bearer token-1');
    // The case records the template it used: the detail is read again.
    await waitFor(() => expect(detailCalls.length).toBeGreaterThan(1));
  });

  it("shows the failure modal and tries the same request again with 'Try again'", async () => {
    const { user, documentCalls } = renderDownload({
      documentAnswers: [() => apiError(500, 'server-error'), () => json(200, DOCUMENT)],
    });
    await loaded();
    await downloadWithDefaultTemplate(user);

    const failed = await screen.findByRole('dialog', { name: 'Download failed' });
    expect(failed).toHaveTextContent('Sorry, there was a problem. Please try again');
    const tryAgain = within(failed).getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveFocus();
    // The modal says it; no second, global message repeats it.
    expect(screen.queryByText('Server error')).not.toBeInTheDocument();

    await user.click(tryAgain);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(documentCalls).toHaveLength(2);
    expect(documentCalls[1]!.body).toEqual(documentCalls[0]!.body);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('fails when the document link cannot be fetched', async () => {
    const { user, currentPath } = renderDownload({ fileAnswers: [() => apiError(404, 'resource-not-found')] });
    await loaded();
    await downloadWithDefaultTemplate(user);
    const failed = await screen.findByRole('dialog', { name: 'Download failed' });
    expect(downloads).toHaveLength(0);
    expect(currentPath()).toBe(DETAIL_PATH);
    await user.click(within(failed).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the format error with 'Got it'", async () => {
    const { user } = renderDownload({ documentAnswers: [() => apiError(422, 'template-format-error')] });
    await loaded();
    await downloadWithDefaultTemplate(user);
    const modal = await screen.findByRole('dialog', {
      name: 'The dispute document cannot be downloaded due to a format error.',
    });
    expect(within(modal).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });

  it("says the account doesn't have templates assigned, and stays on the case", async () => {
    const { user, currentPath, fileCalls } = renderDownload({
      documentAnswers: [() => apiError(404, 'no-templates-assigned')],
    });
    await loaded();
    await downloadWithDefaultTemplate(user);
    const modal = await screen.findByRole('dialog', { name: "This account doesn't have templates assigned" });
    expect(modal).toHaveTextContent('Get in touch with the account administrator to solve this problem.');
    expect(currentPath()).toBe(DETAIL_PATH);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fileCalls).toHaveLength(0);
  });

  it('runs by keyboard alone: d opens the picker, Enter downloads', async () => {
    const { user, documentCalls } = renderDownload({ fileAnswers: [() => docx('keyboard')] });
    await loaded();
    await user.keyboard('d');
    const picker = await screen.findByRole('dialog', { name: 'Download dispute document' });
    expect(within(picker).getByRole('combobox', { name: 'Template' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(await downloads[0]!.blob.text()).toBe('keyboard');
    expect(documentCalls[0]!.path).toBe(
      `/account/${chargebackDetail().account.id}/chargeback/${CHARGEBACK_ID}/document`,
    );
  });
});
