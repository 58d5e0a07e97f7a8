import { errorBody } from '@domain/contract/common';
import { listAdd, listItemParams, listParams, merchantItemList, merchantLists } from '@domain/contract/lists';
import { isIdentifier } from '@domain/ids';
import { LIST_KIND, LIST_LIMITS, LIST_NAMES, type ListKind } from '@domain/lists';
import { can, PERMISSIONS as P } from '@domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { requirePermission } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/errors';
import { merchantOfCaller } from '../merchants/queries';
import { addItems, deleteItem, readList } from './service';

const tags = ['lists'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const PERMISSION_OF: Record<ListKind, { read: string; create: string; delete: string }> = {
  URL: { read: P.urlRead, create: P.urlCreate, delete: P.urlDelete },
  TAG: { read: P.tagRead, create: P.tagCreate, delete: P.tagDelete },
};

/** A thousand URLs of 2,048 characters, as JSON, with room to spare: more is refused before it is read. */
const ADD_BODY_LIMIT = LIST_LIMITS.itemsPerAdd * (LIST_LIMITS.url + 16) + 4096;

export const listsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/merchant/:merchantId/list',
    {
      schema: {
        tags,
        summary: "The merchant's URL and custom-tag lists (a list the caller may not read is null)",
        params: listParams,
        response: { 200: merchantLists, ...errors },
      },
    },
    async (request) => {
      const { auth } = request;
      const readUrls = can(auth, P.urlRead);
      const readTags = can(auth, P.tagRead);
      if (!readUrls && !readTags) throw forbidden();
      const { merchantId } = await merchantOfCaller(db, auth, request.params.merchantId);
      const [url, customTag] = await Promise.all([
        readUrls ? readList(db, merchantId, 'URL') : null,
        readTags ? readList(db, merchantId, 'TAG') : null,
      ]);
      return { url, customTag };
    },
  );

  for (const listName of LIST_NAMES) {
    const kind = LIST_KIND[listName];
    const permission = PERMISSION_OF[kind];
    const what = kind === 'URL' ? 'URL list' : 'custom-tag list';

    app.get(
      `/merchant/:merchantId/${listName}`,
      {
        preHandler: requirePermission(permission.read),
        schema: {
          tags,
          summary: `The merchant's ${what}`,
          params: listParams,
          response: { 200: merchantItemList, ...errors },
        },
      },
      async (request) => {
        const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
        return readList(db, merchantId, kind);
      },
    );

    app.post(
      `/merchant/:merchantId/${listName}`,
      {
        preHandler: requirePermission(permission.create),
        bodyLimit: ADD_BODY_LIMIT,
        schema: {
          tags,
          summary:
            `Add items to the ${what}: split on semicolons, trimmed, de-duplicated` +
            `${kind === 'TAG' ? ', upper-cased' : ', validated'}. Items already there answer 409 item-duplicated ` +
            'unless force; all or nothing.',
          params: listParams,
          body: listAdd,
          response: { 200: merchantItemList, 409: errorBody, 413: errorBody, ...errors },
        },
      },
      async (request) => {
        const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
        return addItems(deps, request.auth, { ...target, kind }, request.body);
      },
    );

    app.delete(
      `/merchant/:merchantId/${listName}/:itemId`,
      {
        preHandler: requirePermission(permission.delete),
        schema: {
          tags,
          summary: `Delete an item of the ${what}; refused (409) for the last item and while MIDs or routes use it`,
          params: listItemParams,
          response: { 200: merchantItemList, 409: errorBody, ...errors },
        },
      },
      async (request) => {
        if (!isIdentifier(request.params.itemId)) throw notFound();
        const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
        return deleteItem(deps, request.auth, { ...target, kind }, request.params.itemId);
      },
    );
  }
};
