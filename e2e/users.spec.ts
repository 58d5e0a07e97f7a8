import type { Page } from '@playwright/test';
import {
  activeRow,
  apiSignInAdmin,
  bodyRows,
  createActiveLumenUser,
  LUMEN_ACCOUNT_ID,
  lumenUser,
  MERCHANTS_LIST_PATH,
  mailboxLinkInBrowser,
  NEW_USER_PASSWORD,
  readMailbox,
  signIn,
  signInWithKeyboard,
  tabTo,
  uniqueEmail,
} from './support/console';
import { expect, test } from './support/test';

function usersGrid(page: Page) {
  return page.getByRole('grid', { name: 'Users' });
}

/** The users list narrowed to one address, so the row is found whatever else the database holds. */
async function searchUsers(page: Page, email: string) {
  const search = page.getByRole('combobox', { name: 'Search Users' });
  await search.fill(email);
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(bodyRows(page, usersGrid(page))).toHaveCount(1);
  return bodyRows(page, usersGrid(page)).first();
}

test('an account administrator invites a user who activates the account and signs in', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('invitee');
  await signIn(page, lumenUser('administrator'));

  // The side bar leads to Users; an account administrator creates account users only, so New User is one button.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: /^Users/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'New User' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Account User' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New Account User' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Iris');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Invitee');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('textbox', { name: 'Job title' }).fill('Travel agent');
  await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Payments specialist' });
  // The user belongs to the administrator's own account, shown and not changeable.
  await expect(form.getByRole('textbox', { name: 'Account' })).toHaveValue('Lumen Travel Holdings');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/users(\?|$)/);
  const row = await searchUsers(page, email);
  await expect(row.getByRole('gridcell', { name: 'Iris Invitee', exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: 'Payments specialist', exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: 'Invited', exact: true })).toBeVisible();

  // The mailbox (read by provider staff: it is closed to anyone not signed in) shows the invitation and its link;
  // the invitee opens it in a browser of their own.
  const inviteeContext = await browser.newContext();
  try {
    const invitee = await inviteeContext.newPage();
    await expect.poll(async () => (await readMailbox(request, email)).length).toBeGreaterThan(0);
    await invitee.goto(await mailboxLinkInBrowser(browser, email, 'Create your Password'));

    await expect(invitee).toHaveURL(/\/password\/new\//);
    await expect(invitee.getByRole('heading', { name: 'Create your Password' })).toBeVisible();
    await invitee.getByLabel('New Password', { exact: true }).fill(NEW_USER_PASSWORD);
    await invitee.getByLabel('Confirm New Password').fill(NEW_USER_PASSWORD);
    await invitee.getByRole('button', { name: 'Activate Account' }).click();
    await expect(invitee.getByText('Password created or restored successfully')).toBeVisible();

    // The new password signs the user in, on the first screen their role may see in their account.
    await invitee.getByRole('link', { name: 'Go to Ops Console' }).click();
    await signIn(invitee, email, NEW_USER_PASSWORD, LUMEN_ACCOUNT_ID);
    await expect(invitee).toHaveURL(MERCHANTS_LIST_PATH);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
    await expect(invitee.getByRole('button', { name: /^User menu:/ })).toHaveAccessibleName(/Iris Invitee/);
  } finally {
    await inviteeContext.close();
  }

  // Back in the administrator's list the user is active now.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(row.getByRole('gridcell', { name: 'Active', exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: 'Invited', exact: true })).toHaveCount(0);
});

test('a role change applies on the changed user’s next call, and the audit log shows it', async ({
  browser,
  request,
}) => {
  const staff = await apiSignInAdmin(request);
  const manager = await createActiveLumenUser(request, staff, {
    role: 'Manager',
    firstName: 'Rolf',
    lastName: 'Rolechange',
    email: uniqueEmail('rolf'),
  });

  const adminContext = await browser.newContext();
  const managerContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const other = await managerContext.newPage();

    // The manager may read the users list, and has it open.
    await signIn(other, manager.email, NEW_USER_PASSWORD);
    await other.goto('/users');
    await expect(usersGrid(other)).toBeVisible();
    await expect(bodyRows(other, usersGrid(other)).first()).toBeVisible();

    // The administrator works by keyboard alone: g then u, '/' to search, '.' for the row menu, Edit.
    await signInWithKeyboard(admin, lumenUser('administrator'));
    const { keyboard } = admin;
    await keyboard.press('g');
    await keyboard.press('u');
    await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await keyboard.press('/');
    await expect(admin.getByRole('combobox', { name: 'Search Users' })).toBeFocused();
    await keyboard.type(manager.email);
    await expect(admin).toHaveURL(/[?&]search=/);
    await expect(bodyRows(admin, usersGrid(admin))).toHaveCount(1);
    await keyboard.press('Escape');
    await expect(usersGrid(admin)).toBeFocused();
    await expect(activeRow(admin, usersGrid(admin))).toContainText(manager.email);
    await keyboard.press('.');
    const menu = admin.getByRole('menu', { name: `Actions for ${manager.fullName}` });
    await expect(menu).toBeVisible();
    const edit = menu.getByRole('menuitem', { name: 'Edit' });
    for (let presses = 0; presses < 4 && !(await edit.evaluate((item) => item === document.activeElement)); presses++)
      await keyboard.press('ArrowDown');
    await expect(edit).toBeFocused();
    await keyboard.press('Enter');

    await expect(admin.getByRole('heading', { level: 1, name: 'Edit Account User' })).toBeVisible();
    const role = admin.getByRole('combobox', { name: 'Role' });
    await expect(role.getByRole('option', { name: 'Manager', selected: true })).toBeAttached();
    await tabTo(admin, role);
    await keyboard.type('Viewer');
    await expect(role.getByRole('option', { name: 'Viewer', selected: true })).toBeAttached();
    await tabTo(admin, admin.getByRole('button', { name: 'Save' }));
    await keyboard.press('Enter');
    await expect(admin.getByText('Changes saved successfully!')).toBeVisible();
    await expect(admin).toHaveURL(/\/users\?/);
    await expect(
      bodyRows(admin, usersGrid(admin)).getByRole('gridcell', { name: 'Viewer', exact: true }),
    ).toBeVisible();

    // The manager is a viewer now: their next call for the users list is refused, though their screen had it.
    await other.getByRole('button', { name: 'Refresh' }).click();
    await expect(other.getByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" })).toBeVisible();
    await expect(usersGrid(other)).toHaveCount(0);

    // The audit log (g then h) holds the invitation, the activation and the role change, newest first.
    await keyboard.press('g');
    await keyboard.press('h');
    await expect(admin).toHaveURL(/\/accounts\/[0-9a-f-]{36}\/userActivity/);
    await expect(admin.getByRole('heading', { level: 1, name: 'User activity' })).toBeVisible();
    const activity = admin.getByRole('grid', { name: 'User activity' });
    await keyboard.press('/');
    await keyboard.type(manager.userId);
    await expect(bodyRows(admin, activity)).toHaveCount(3);
    const rows = bodyRows(admin, activity);
    await expect(rows.nth(0)).toContainText('Update');
    await expect(rows.nth(0)).toContainText(lumenUser('administrator'));
    await expect(rows.nth(2)).toContainText('Insert');

    await keyboard.press('Escape');
    await expect(activeRow(admin, activity)).toContainText(lumenUser('administrator'));
    await keyboard.press('Enter');
    const update = admin.getByRole('dialog', { name: 'Update information' });
    await expect(update).toBeVisible();
    const changed = update.getByRole('table', { name: 'Changed fields' });
    await expect(changed.getByRole('columnheader', { name: 'Old value' })).toBeVisible();
    await expect(changed.getByRole('columnheader', { name: 'New value' })).toBeVisible();
    const roleChange = changed.getByRole('row', { name: /^Role/ });
    // The log keeps the role's name; the modal shows its label, as the user screens do.
    await expect(roleChange.getByRole('cell').nth(0)).toHaveText('Manager');
    await expect(roleChange.getByRole('cell').nth(1)).toHaveText('Viewer');
    await keyboard.press('Escape');
    await expect(update).toBeHidden();

    await keyboard.press('j');
    await keyboard.press('j');
    await expect(activeRow(admin, activity)).toContainText('Insert');
    await keyboard.press('Enter');
    const inserted = admin.getByRole('dialog', { name: 'New values' });
    await expect(inserted).toBeVisible();
    await expect(inserted.getByRole('row', { name: /^E-mail/ })).toContainText(manager.email);
    await expect(inserted.getByRole('row', { name: /^Role/ })).toContainText('Manager');
    await expect(inserted.getByRole('row', { name: /^Status/ })).toContainText('Invited');
    await keyboard.press('Escape');
    await expect(inserted).toBeHidden();
  } finally {
    await adminContext.close();
    await managerContext.close();
  }
});

test('deactivating or deleting a user ends their session at once', async ({ page, browser, request }) => {
  const staff = await apiSignInAdmin(request);
  const deactivated = await createActiveLumenUser(request, staff, {
    role: 'Viewer',
    firstName: 'Dana',
    lastName: 'Deactivated',
    email: uniqueEmail('dana'),
  });
  const deleted = await createActiveLumenUser(request, staff, {
    role: 'Viewer',
    firstName: 'Deon',
    lastName: 'Deleted',
    email: uniqueEmail('deon'),
  });

  const danaContext = await browser.newContext();
  const deonContext = await browser.newContext();
  try {
    const dana = await danaContext.newPage();
    const deon = await deonContext.newPage();
    await signIn(dana, deactivated.email, NEW_USER_PASSWORD);
    await signIn(deon, deleted.email, NEW_USER_PASSWORD);
    await expect(dana).toHaveURL(MERCHANTS_LIST_PATH);
    await expect(deon).toHaveURL(MERCHANTS_LIST_PATH);

    // The administrator deactivates Dana through the user form, with the mouse.
    await signIn(page, lumenUser('administrator'));
    await page.goto('/users');
    let row = await searchUsers(page, deactivated.email);
    await row.getByRole('button', { name: `Actions for ${deactivated.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Account User' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Deactivated' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved successfully!')).toBeVisible();
    await expect(row.getByRole('gridcell', { name: 'Deactivated', exact: true })).toBeVisible();

    // Dana's next action finds her signed out.
    await dana.getByRole('button', { name: 'Refresh' }).click();
    await expect(dana).toHaveURL(/\/login(\?|$)/);
    await expect(dana.getByText('Your session has expired')).toBeVisible();
    await expect(dana.getByRole('button', { name: 'Log in' })).toBeVisible();

    // Deon is deleted from the row menu, after confirming.
    row = await searchUsers(page, deleted.email);
    await row.getByRole('button', { name: `Actions for ${deleted.fullName}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText(`Are you sure that you want to delete ${deleted.fullName}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();

    await deon.getByRole('button', { name: 'Refresh' }).click();
    await expect(deon).toHaveURL(/\/login(\?|$)/);
    await expect(deon.getByText('Your session has expired')).toBeVisible();

    // Neither can sign in again.
    for (const [browserPage, user] of [
      [deon, deleted],
      [dana, deactivated],
    ] as const) {
      await browserPage.getByLabel('Account ID').fill(LUMEN_ACCOUNT_ID);
      await browserPage.getByLabel('Email').fill(user.email);
      await browserPage.getByLabel('Password').fill(NEW_USER_PASSWORD);
      await browserPage.getByRole('button', { name: 'Log in' }).click();
      await expect(browserPage.getByText('Invalid login credentials')).toBeVisible();
      await expect(browserPage).toHaveURL(/\/login(\?|$)/);
    }
  } finally {
    await danaContext.close();
    await deonContext.close();
  }
});
