import { errorBody } from '@domain/contract/common';
import { recentRecord, recentRecordList, recentRecordOpen } from '@domain/contract/recent-records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { listRecentRecords } from './queries';
import { recordOpened } from './service';

// The caller's recent records (issue 26), under /user beside the caller's session (GET /user/session): every signed-in
// user has them, so no permission guards the calls themselves; each record is checked against the caller's accounts
// and permissions as it is recorded and again each time the list is read.

const tags = ['recent-records'];
const errors = { 400: errorBody, 401: errorBody };

export const recentRecordsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/user/recent-record',
    {
      schema: {
        tags,
        summary: 'The records the caller opened last, newest first (at most 20), those the caller may still open',
        response: { 200: recentRecordList, ...errors },
      },
    },
    async (request) => ({ items: await listRecentRecords(deps.db, request.auth) }),
  );

  app.post(
    '/user/recent-record',
    {
      schema: {
        tags,
        summary:
          'The caller opened a record: listed first from now on. The server names it; 404 for a record the caller may not open',
        body: recentRecordOpen,
        response: { 200: recentRecord, 404: errorBody, ...errors },
      },
    },
    async (request) => recordOpened(deps, request.auth, request.body),
  );
};
