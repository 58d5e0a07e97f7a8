import { errorBody } from '@domain/contract/common';
import {
  savedView,
  savedViewAccountParams,
  savedViewCreate,
  savedViewDefault,
  savedViewDeleteQuery,
  savedViewList,
  savedViewListQuery,
  savedViewParams,
  savedViewUpdate,
} from '@domain/contract/saved-views';
import { isIdentifier } from '@domain/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { assertAccountAccess } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { listSavedViews } from './queries';
import { createSavedView, deleteSavedView, setDefaultSavedView, updateSavedView } from './service';

// Saved views (issue 26), scoped to an account the caller reaches (an account user's own, provider staff's linked
// ones; any other answers 404 like an unknown one). No permission guards the calls themselves: each view's list
// decides (its read permission), and view.share guards the shared ones (service.ts).

const tags = ['saved-views'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const savedViewsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const viewIdOf = (viewId: string) => {
    if (!isIdentifier(viewId)) throw notFound();
    return viewId;
  };

  app.get(
    '/account/:accountId/saved-view',
    {
      schema: {
        tags,
        summary:
          "The caller's personal views and the account's shared ones, of the lists the caller may read (list: one " +
          'list), by list then name',
        params: savedViewAccountParams,
        querystring: savedViewListQuery,
        response: { 200: savedViewList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      return { items: await listSavedViews(deps.db, request.auth, accountId, request.query.list) };
    },
  );

  app.post(
    '/account/:accountId/saved-view',
    {
      schema: {
        tags,
        summary:
          "Save a view of a list: personal (the list's read permission) or shared with the account (view.share, " +
          'audited). 409 saved-view-name-taken for a name the list has (ignoring case), saved-view-limit-reached past ' +
          '100 views of one list',
        params: savedViewAccountParams,
        body: savedViewCreate,
        response: { 201: savedView, 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      return reply.code(201).send(await createSavedView(deps, request.auth, accountId, request.body));
    },
  );

  app.put(
    '/account/:accountId/saved-view/:viewId',
    {
      schema: {
        tags,
        summary:
          'Replace a view (rename, update its filters) at the version it was read: 409 saved-view-changed over a ' +
          'newer save. Own personal views; shared ones, and sharing or unsharing, need view.share',
        params: savedViewParams,
        body: savedViewUpdate,
        response: { 200: savedView, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const viewId = viewIdOf(request.params.viewId);
      return updateSavedView(deps, request.auth, accountId, viewId, request.body);
    },
  );

  app.delete(
    '/account/:accountId/saved-view/:viewId',
    {
      schema: {
        tags,
        summary: 'Delete a view at the version it was read (409 saved-view-changed when stale); same rules as an edit',
        params: savedViewParams,
        querystring: savedViewDeleteQuery,
        response: { 204: z.null(), 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const viewId = viewIdOf(request.params.viewId);
      await deleteSavedView(deps, request.auth, accountId, viewId, request.query.version);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/account/:accountId/saved-view-default',
    {
      schema: {
        tags,
        summary:
          "Set (viewId) or clear (null) the caller's default view of a list: one per user, account and list; any " +
          'view the caller sees',
        params: savedViewAccountParams,
        body: savedViewDefault,
        response: { 200: savedViewDefault, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      return setDefaultSavedView(deps, request.auth, accountId, request.body);
    },
  );
};
