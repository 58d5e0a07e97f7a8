import type { Page } from '@playwright/test';
import {
  apiSignInAdmin,
  bodyRows,
  changeRoleByApi,
  downloadedLines,
  inviteLumenUser,
  LUMEN_ACCOUNT_NAME,
  lumenUser,
  PROVIDER_ADMIN,
  signIn,
  uniqueEmail,
} from './support/console';
import { expect, test } from './support/test';

// Files carry dates in the browser's time zone, and their date header names it.
const TIME_ZONE = 'Europe/Madrid';
test.use({ timezoneId: TIME_ZONE });

const USERS_HEADER = `User ID,First name,Last name,E-mail,Job title,Role,Type,Status,Accounts,Last activity (${TIME_ZONE}),Created (${TIME_ZONE})`;
const ACTIVITY_HEADER = `Date (${TIME_ZONE}),Action,Resource type,Resource ID,User,E-mail,Merchant`;
/** A date cell: day/month/year and the time to the second. */
const DATE_CELL = String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}:\d{2}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function sideBarLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: new RegExp(`^${name}`) });
}

test('an administrator exports the users list with the Export button and from the palette', async ({
  page,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const invited = await inviteLumenUser(request, staff, {
    role: 'Support',
    firstName: 'Ezra',
    lastName: 'Export',
    email: uniqueEmail('ezra'),
  });

  await signIn(page, lumenUser('administrator'));
  await sideBarLink(page, 'Users').click();
  const grid = page.getByRole('grid', { name: 'Users' });
  const search = page.getByRole('combobox', { name: 'Search Users' });
  await search.fill(invited.email);
  await expect(bodyRows(page, grid)).toHaveCount(1);

  // The button exports the list as filtered: the header and the one user found.
  const [filtered] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  expect(filtered.suggestedFilename()).toMatch(/^users.*\.csv$/);
  const filteredLines = await downloadedLines(filtered);
  expect(filteredLines).toHaveLength(2);
  expect(filteredLines[0]).toBe(USERS_HEADER);
  expect(filteredLines[1]).toMatch(
    new RegExp(
      `^${invited.userId},Ezra,Export,${escaped(invited.email)},E2E journey,Support,ACCOUNT,INVITED,${LUMEN_ACCOUNT_NAME},,${DATE_CELL}$`,
    ),
  );

  // Without the search, 'Export table' from the palette exports every user of the account.
  await search.fill('');
  await expect(page).not.toHaveURL(/[?&]search=/);
  await expect.poll(() => bodyRows(page, grid).count()).toBeGreaterThan(1);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('export table');
  await expect(palette.getByRole('option', { name: /^Export table/ })).toHaveAttribute('aria-selected', 'true');
  const [everyone] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await expect(palette).toBeHidden();
  const lines = await downloadedLines(everyone);
  expect(lines[0]).toBe(USERS_HEADER);
  expect(lines.length).toBeGreaterThan(2);
  expect(lines.some((line) => line.includes(`,${invited.email},`))).toBe(true);
  expect(lines.some((line) => line.includes(`,${lumenUser('administrator')},`))).toBe(true);
  // Only Lumen's users: provider staff and other accounts' users are not in an account user's export.
  expect(lines.some((line) => line.includes(PROVIDER_ADMIN))).toBe(false);
  expect(lines.some((line) => line.includes('@northwind.example'))).toBe(false);
});

test('the audit log shows what changed and exports with Shift+E, and the export is logged', async ({
  page,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const audited = await inviteLumenUser(request, staff, {
    role: 'Viewer',
    firstName: 'Avery',
    lastName: 'Audit',
    email: uniqueEmail('avery'),
  });
  await changeRoleByApi(request, staff, audited, 'Support');

  await signIn(page, lumenUser('administrator'));
  await sideBarLink(page, 'User activity').click();
  await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}\/userActivity/);
  await expect(page.getByRole('heading', { level: 1, name: 'User activity' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'User activity' });
  const search = page.getByRole('combobox', { name: 'Search User activity' });
  await search.fill(audited.userId);
  const rows = bodyRows(page, grid);
  await expect(rows).toHaveCount(2);
  const insertRow = rows.filter({ hasText: 'Insert' });
  const updateRow = rows.filter({ hasText: 'Update' });
  await expect(insertRow).toContainText(PROVIDER_ADMIN);
  await expect(updateRow).toContainText(PROVIDER_ADMIN);

  // An insert shows the values written.
  await insertRow.getByRole('button', { name: 'View changes' }).click();
  const inserted = page.getByRole('dialog', { name: 'New values' });
  await expect(inserted.getByRole('columnheader', { name: 'Value' })).toBeVisible();
  // Fields and values as the user screens name them, not the stored keys and codes.
  await expect(inserted.getByRole('row', { name: /^E-mail/ })).toContainText(audited.email);
  await expect(inserted.getByRole('row', { name: /^First name/ })).toContainText('Avery');
  await expect(inserted.getByRole('row', { name: /^Role/ })).toContainText('Viewer');
  await expect(inserted.getByRole('row', { name: /^Accounts/ })).toContainText('Lumen Travel Holdings');
  await inserted.getByRole('button', { name: 'Close' }).click();
  await expect(inserted).toBeHidden();

  // An update shows the old value beside the new one.
  await updateRow.getByRole('button', { name: 'View changes' }).click();
  const updated = page.getByRole('dialog', { name: 'Update information' });
  const changed = updated.getByRole('table', { name: 'Changed fields' });
  await expect(changed.getByRole('columnheader', { name: 'Old value' })).toBeVisible();
  await expect(changed.getByRole('columnheader', { name: 'New value' })).toBeVisible();
  const roleChange = changed.getByRole('row', { name: /^Role/ });
  await expect(roleChange.getByRole('cell').nth(0)).toHaveText('Viewer');
  await expect(roleChange.getByRole('cell').nth(1)).toHaveText('Support');
  await updated.getByRole('button', { name: 'Close' }).click();
  await expect(updated).toBeHidden();

  // Shift+E exports the filtered log; Escape first hands the keys from the search box to the table.
  await search.focus();
  await page.keyboard.press('Escape');
  await expect(grid).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Shift+E')]);
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(/^user-activity.*\.csv$/);
  const lines = await downloadedLines(download);
  expect(lines).toEqual([
    ACTIVITY_HEADER,
    expect.stringMatching(new RegExp(`^${DATE_CELL},UPDATE,USER,${audited.userId},[^,]+,${escaped(PROVIDER_ADMIN)},$`)),
    expect.stringMatching(new RegExp(`^${DATE_CELL},INSERT,USER,${audited.userId},[^,]+,${escaped(PROVIDER_ADMIN)},$`)),
  ]);

  // The export itself is in the log, by the administrator, with the file it produced.
  await search.fill(lumenUser('administrator'));
  const exportRow = rows.filter({ hasText: 'Export' }).first();
  await expect(exportRow).toContainText('Insert');
  await exportRow.getByRole('button', { name: 'View changes' }).click();
  const exported = page.getByRole('dialog', { name: 'New values' });
  await expect(exported.getByRole('row', { name: /^File name/ })).toContainText(fileName);
  await page.keyboard.press('Escape');
  await expect(exported).toBeHidden();
});
