import { formatDateTime } from '@domain/format';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CapturedDownload, captureDownloads } from './activity-fixtures';
import { renderApp } from './app-harness';
import {
  apiError,
  type ChargebacksApiOptions,
  CONFIGURATION_PATH,
  chargebacksApi,
  DEFAULT_TEMPLATE,
  preloadScreens,
  TEMPLATE_ADMIN,
  TEMPLATE_READER,
} from './chargeback-detail-fixtures';

// Dispute configuration (spec 3, sections 2.5, 5 and 6): the Default slot and one per reason key with what each
// holds or falls back to, the actions each permission allows, the delete confirmation, the upload rules' modals
// (checked in the console first, and the server's refusals), the multipart upload, downloads and the keyboard.

let downloads: CapturedDownload[];

function renderConfiguration({
  permissions = TEMPLATE_ADMIN,
  ...api
}: { permissions?: string[] } & ChargebacksApiOptions = {}) {
  const fake = chargebacksApi(api);
  const app = renderApp({ path: CONFIGURATION_PATH, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

async function loaded() {
  return screen.findByRole('list', { name: 'Dispute templates' });
}

const slot = (name: string) => screen.getByRole('listitem', { name });
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Template file');

/** A file as the browser's file chooser gives it; `size` pads it to that many bytes. */
function file(name: string, size = 2048): File {
  return new File([new Uint8Array(size)], name, { type: 'application/octet-stream' });
}

/** Picks a file in the chooser the slot's Upload or Replace opened (fireEvent: the chooser ignores `accept`). */
async function chooseFor(user: ReturnType<typeof renderApp>['user'], slotName: string, button: string, chosen: File) {
  await user.click(within(slot(slotName)).getByRole('button', { name: button }));
  fireEvent.change(fileInput(), { target: { files: [chosen] } });
}

beforeAll(preloadScreens, 20_000);

beforeEach(() => {
  sessionStorage.clear();
  downloads = captureDownloads();
  // The chooser itself is the browser's; here only whether it was asked for matters.
  vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('template slots', () => {
  it('lists Default, Others, every reason, then Chargeback accepted, Chargeback invalid and Refund', async () => {
    renderConfiguration();
    const list = await loaded();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent),
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

  it('shows each file with its size and upload date, and what an empty slot falls back to', async () => {
    renderConfiguration();
    await loaded();
    expect(slot('Default')).toHaveTextContent('Default-letter.docx');
    expect(slot('Default')).toHaveTextContent('24,5 KB');
    expect(slot('Default')).toHaveTextContent(`Uploaded ${formatDateTime(DEFAULT_TEMPLATE.uploadedAt)}`);
    expect(slot('Others')).toHaveTextContent('812 bytes');
    expect(slot('Fraud - no cardholder authorization')).toHaveTextContent('2,9 MB');
    expect(slot('Not as described')).toHaveTextContent('Not uploaded. Uses the Others template.');
  });

  it('falls back to Default when Others is empty, and says when nothing is left', async () => {
    renderConfiguration({ templates: [DEFAULT_TEMPLATE] });
    await loaded();
    expect(slot('Refund')).toHaveTextContent('Uses the Default template.');
    expect(slot('Others')).toHaveTextContent('Uses the Default template.');
  });

  it('says an empty account has no template to fall back to', async () => {
    renderConfiguration({ templates: [] });
    await loaded();
    expect(slot('Refund')).toHaveTextContent('No template to fall back to');
    expect(within(slot('Default')).getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });
});

describe('permissions', () => {
  it('offers an administrator Replace, Download and Delete, but no Delete for Default', async () => {
    renderConfiguration();
    await loaded();
    const names = (name: string) =>
      within(slot(name))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(names('Default')).toEqual(['Replace', 'Download']);
    expect(names('Others')).toEqual(['Replace', 'Download', 'Delete']);
    expect(names('Not as described')).toEqual(['Upload']);
  });

  it('lets a reader download only: no Upload, Replace or Delete anywhere', async () => {
    renderConfiguration({ permissions: TEMPLATE_READER });
    const list = await loaded();
    for (const name of ['Upload', 'Replace', 'Delete']) {
      expect(within(list).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(slot('Default')).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(slot('Not as described')).queryAllByRole('button')).toHaveLength(0);
  });

  it('is not found without chargeback.template.read', async () => {
    renderConfiguration({ permissions: ['chargeback.read'] });
    expect(await screen.findByText(/can't find that page/i)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Dispute templates' })).not.toBeInTheDocument();
  });
});

describe('delete', () => {
  it("asks 'Delete this template?' and deletes only when confirmed; the slot then falls back", async () => {
    const { user, deleteCalls } = renderConfiguration();
    await loaded();
    await user.click(within(slot('Others')).getByRole('button', { name: 'Delete' }));
    let question = await screen.findByRole('dialog', { name: 'Delete this template?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(deleteCalls).toHaveLength(0);

    await user.click(within(slot('Others')).getByRole('button', { name: 'Delete' }));
    question = await screen.findByRole('dialog', { name: 'Delete this template?' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteCalls).toHaveLength(1));
    expect(deleteCalls[0]!.path).toMatch(/\/chargeback-template\/Others\/file\/Others\.docm$/);
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(slot('Others')).toHaveTextContent('Not uploaded. Uses the Default template.'));
  });

  it('reports a refused delete', async () => {
    const { user } = renderConfiguration({ deleteAnswers: [() => apiError(400, 'delete-error')] });
    await loaded();
    await user.click(within(slot('Others')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Not deleted')).toBeInTheDocument();
    expect(slot('Others')).toHaveTextContent('Others.docm');
  });
});

describe('upload', () => {
  it('sends a valid file as multipart field `file` and shows it in the slot', async () => {
    const { user, uploadCalls } = renderConfiguration();
    await loaded();
    await chooseFor(user, 'Not as described', 'Upload', file('Not-as-described_v2.docx'));
    await waitFor(() => expect(uploadCalls).toHaveLength(1));
    expect(uploadCalls[0]!.method).toBe('PUT');
    expect(uploadCalls[0]!.path).toMatch(/\/chargeback-template\/NotAsDescribed$/);
    const sent = (uploadCalls[0]!.body as FormData).get('file') as File;
    expect(sent.name).toBe('Not-as-described_v2.docx');
    expect(sent.size).toBe(2048);
    expect(uploadCalls[0]!.headers.get('Content-Type')).toBeNull();
    expect(await screen.findByText('Uploaded successfully')).toBeInTheDocument();
    await waitFor(() => expect(slot('Not as described')).toHaveTextContent('Not-as-described_v2.docx'));
  });

  it('replaces a template', async () => {
    const { user, uploadCalls } = renderConfiguration();
    await loaded();
    await chooseFor(user, 'Default', 'Replace', file('New-default.docm'));
    await waitFor(() => expect(uploadCalls).toHaveLength(1));
    expect(uploadCalls[0]!.path).toMatch(/\/chargeback-template\/Default$/);
    await waitFor(() => expect(slot('Default')).toHaveTextContent('New-default.docm'));
  });

  it.each([
    ['a name too short', 'ab.docx', 2048, 'File name invalid', 'The file length must be between 3 and 63'],
    [
      'a name with refused characters',
      'my letter#.docx',
      2048,
      'File name invalid',
      'The file name cannot include space and #',
    ],
    ['a file over 3 MB', 'Big-letter.docx', 3_145_729, 'The file is too big!', 'The file must not be larger than 3 MB'],
    ['a renamed PDF', 'Letter.pdf', 2048, "We don't support this file format", 'Please use a .docm or .docx instead.'],
  ])('refuses %s in the console, with its modal and Got It', async (_case, name, size, header, content) => {
    const { user, uploadCalls } = renderConfiguration();
    await loaded();
    await chooseFor(user, 'Refund', 'Upload', file(name, size));
    const modal = await screen.findByRole('dialog', { name: header });
    expect(modal).toHaveTextContent(content);
    const gotIt = within(modal).getByRole('button', { name: 'Got It' });
    expect(gotIt).toHaveFocus();
    await user.click(gotIt);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploadCalls).toHaveLength(0);
  });

  it('accepts a file of exactly 3,145,728 bytes', async () => {
    const { user, uploadCalls } = renderConfiguration();
    await loaded();
    await chooseFor(user, 'Refund', 'Upload', file('Limit.docx', 3_145_728));
    await waitFor(() => expect(uploadCalls).toHaveLength(1));
  });

  it("shows the same modal for the server's refusal, with the server's words", async () => {
    const { user, uploadCalls } = renderConfiguration({
      uploadAnswers: [
        () =>
          apiError(
            422,
            'template-format-unsupported',
            'The file is not a Word document. Please use a .docm or .docx instead.',
          ),
      ],
    });
    await loaded();
    await chooseFor(user, 'Refund', 'Upload', file('Looks-fine.docx'));
    const modal = await screen.findByRole('dialog', { name: "We don't support this file format" });
    expect(modal).toHaveTextContent('The file is not a Word document.');
    expect(uploadCalls).toHaveLength(1);
    await user.click(within(modal).getByRole('button', { name: 'Got It' }));
    expect(slot('Refund')).toHaveTextContent('Not uploaded');
  });
});

describe('download', () => {
  it('saves the file the server links to, under its upload name', async () => {
    const { user, templateFileCalls } = renderConfiguration();
    await loaded();
    await user.click(within(slot('Default')).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(templateFileCalls[0]!.path).toMatch(/\/chargeback-template\/Default\/file\/Default-letter\.docx$/);
    expect(downloads[0]!.fileName).toBe('Default-letter.docx');
    expect(await downloads[0]!.blob.text()).toBe('template bytes');
  });
});

describe('keyboard', () => {
  it('moves through the slots with j and k and acts on the active one', async () => {
    const { user, deleteCalls } = renderConfiguration();
    await loaded();
    expect(slot('Default')).toHaveAttribute('aria-current', 'true');

    // Default cannot be deleted: Delete does nothing there.
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('j');
    expect(slot('Others')).toHaveAttribute('aria-current', 'true');
    expect(slot('Others')).toHaveFocus();
    await user.keyboard('{Delete}');
    const question = await screen.findByRole('dialog', { name: 'Delete this template?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(deleteCalls).toHaveLength(0);

    await user.keyboard('d');
    await waitFor(() => expect(downloads.map((download) => download.fileName)).toEqual(['Others.docm']));

    await user.keyboard('jk');
    expect(slot('Others')).toHaveAttribute('aria-current', 'true');
  });

  it('opens the file chooser for the active slot with u, and uploads into that slot', async () => {
    const click = vi.mocked(HTMLInputElement.prototype.click);
    const { user, uploadCalls } = renderConfiguration();
    await loaded();
    await user.keyboard('jjj');
    expect(slot('Cancelled recurring transaction')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('u');
    expect(click).toHaveBeenCalledTimes(1);
    fireEvent.change(fileInput(), { target: { files: [file('Recurring.docx')] } });
    await waitFor(() => expect(uploadCalls).toHaveLength(1));
    expect(uploadCalls[0]!.path).toMatch(/\/chargeback-template\/CancelledRecurringTransaction$/);
  });

  it('binds no upload or delete key for a reader', async () => {
    const click = vi.mocked(HTMLInputElement.prototype.click);
    const { user } = renderConfiguration({ permissions: TEMPLATE_READER });
    await loaded();
    await user.keyboard('j');
    await user.keyboard('u');
    await user.keyboard('{Delete}');
    expect(click).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
