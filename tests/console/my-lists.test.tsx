import type { MerchantLists } from '@domain/contract/lists';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';

// My Lists (spec 2, sections 2.6, 4, 5 and 8): the two lists, adding with the duplicate question, deleting with the
// in-use modal, and the messages of the spec.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const PATH = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/my-lists`;
const EDITOR = ['merchant.read', 'merchant.select', 'url.read', 'url.create', 'url.delete', 'tag.read', 'tag.create'];

const ACCOUNT = accountFixture();

const MERCHANT = merchantFixture();

const id = (n: number) => `c0000000-0000-4000-8000-00000000000${n}`;

function lists(): MerchantLists {
  return {
    url: {
      items: [
        { id: id(1), prettyName: 'www.lumen.example' },
        { id: id(2), prettyName: 'www.lumen.example/eu' },
      ],
      lastEditor: { fullName: 'Ana Ruiz', date: '2026-11-20T10:15:00.000Z' },
    },
    customTag: { items: [], lastEditor: null },
  };
}

function renderLists(permissions = EDITOR, answer?: (call: ServerCall) => Response | undefined) {
  return renderApp({
    path: PATH,
    session: { permissions },
    server: (call) => {
      const answered = answer?.(call);
      if (answered) return answered;
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, MERCHANT);
      if (call.path === `/merchant/${MERCHANT_ID}/list`) return json(200, lists());
      return undefined;
    },
  });
}

const writes = (calls: ServerCall[]) => calls.filter((call) => call.method !== 'GET');

describe('My Lists', () => {
  it('shows both lists with their last edition, the empty text, and the read-only default lists', async () => {
    renderLists();
    const urls = await screen.findByRole('region', { name: 'URL (2)' });
    expect(within(urls).getByText(/Last Edition: Ana Ruiz, 20 Nov 2026/)).toBeInTheDocument();
    expect(
      within(urls)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['www.lumen.example', 'www.lumen.example/eu']);
    const tags = screen.getByRole('region', { name: 'Custom Tag (0)' });
    expect(within(tags).getByText('This list is empty, add your first custom tag')).toBeInTheDocument();
    const defaults = screen.getByRole('region', { name: 'Merchant Default Lists' });
    expect(defaults).toHaveTextContent('EUR');
    expect(defaults).toHaveTextContent('Visa');
  });

  it('adds items, and asks "Add the new items?" before re-sending with force when some exist', async () => {
    let posts = 0;
    const { user, calls } = renderLists(EDITOR, (call) => {
      if (call.method !== 'POST') return undefined;
      posts += 1;
      if (posts === 1) {
        return json(409, {
          statusCode: 409,
          error: 'item-duplicated',
          message: 'Some items are already on the list',
          items: ['www.lumen.example'],
        });
      }
      const next = lists().url!;
      return json(200, { ...next, items: [...next.items, { id: id(3), prettyName: 'shop.lumen.example' }] });
    });
    const input = await screen.findByRole('textbox', { name: 'Add URLs' });
    await user.type(input, 'www.lumen.example; shop.lumen.example{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add the new items?' });
    expect(dialog).toHaveTextContent('www.lumen.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('shop.lumen.example')).toBeInTheDocument();
    expect(writes(calls).map((call) => call.body)).toEqual([
      { items: ['www.lumen.example', 'shop.lumen.example'], force: false },
      { items: ['www.lumen.example', 'shop.lumen.example'], force: true },
    ]);
    expect(input).toHaveValue('');
  });

  it('names invalid URLs cut at 20 characters and sends nothing; an empty add asks for a URL', async () => {
    const { user, calls } = renderLists();
    const input = await screen.findByRole('textbox', { name: 'Add URLs' });
    await user.type(input, 'good.example; not a url; this is not a valid address either{Enter}');
    expect(input).toHaveAccessibleDescription(
      /URL\/s not valid\. Please check and reenter this URL\/s: not a url, this is not a valid …/,
    );
    await user.clear(input);
    await user.type(input, ' ; {Enter}');
    expect(input).toHaveAccessibleDescription(/Enter at least one URL to continue/);
    expect(writes(calls)).toEqual([]);
  });

  it("says 'URL/s not valid' with the URLs the server refused", async () => {
    const { user } = renderLists(EDITOR, (call) =>
      call.method === 'POST'
        ? json(400, {
            statusCode: 400,
            error: 'invalid-url-error',
            message: 'URL/s not valid',
            items: ['shop.lumen.example/…'],
          })
        : undefined,
    );
    const input = await screen.findByRole('textbox', { name: 'Add URLs' });
    await user.type(input, 'shop.lumen.example/checkout{Enter}');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        /URL\/s not valid\. Please check and reenter this URL\/s: shop\.lumen\.example\/…/,
      ),
    );
  });

  it("shows the routes and MIDs that use an item it could not delete, with 'Got it'", async () => {
    const { user } = renderLists(EDITOR, (call) =>
      call.method === 'DELETE'
        ? json(409, {
            statusCode: 409,
            error: 'item-in-use',
            message: 'Item in use',
            dependants: [
              { kind: 'ROUTE', id: id(7), description: 'EU checkout' },
              { kind: 'MID', id: id(8), description: 'Cards EU MID' },
            ],
          })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete www.lumen.example/eu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const modal = await screen.findByRole('dialog', { name: 'URL in use' });
    expect(
      within(modal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['EU checkout', 'Cards EU MID']);
    await user.click(within(modal).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'URL in use' })).not.toBeInTheDocument());
    expect(screen.getByText('www.lumen.example/eu')).toBeInTheDocument();
  });

  it('offers adding and deleting only with their permissions', async () => {
    renderLists(['merchant.read', 'merchant.select', 'url.read', 'tag.read']);
    await screen.findByRole('region', { name: 'URL (2)' });
    expect(screen.queryByRole('textbox', { name: 'Add URLs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });
});
