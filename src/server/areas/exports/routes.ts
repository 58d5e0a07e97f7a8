import { errorBody } from '@domain/contract/common';
import { exportParams, exportStatus } from '@domain/contract/exports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { fileAnswer } from '../../plugins/api-docs';

// E-mailed exports (spec 1, section 4: 204 means the file is e-mailed). The link in the e-mail opens the console,
// which asks here with the user's session: only the user who asked gets the file, and only until it expires.

const tags = ['exports'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const exportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/export/:exportId/status',
    {
      schema: {
        tags,
        summary: 'Whether an e-mailed export is being built, ready, failed or expired',
        params: exportParams,
        response: { 200: exportStatus, ...errors },
      },
    },
    async (request) => deps.exports.statusOf(await deps.exports.findOwn(request.auth, request.params.exportId)),
  );

  app.get(
    '/export/:exportId',
    {
      schema: {
        tags,
        summary: 'Download an e-mailed export (ZIP files as base64 text); 410 once the link has expired',
        params: exportParams,
        response: {
          200: fileAnswer('The file: CSV, or a ZIP as base64 text (x-content-encoding: base64)', [
            'text/csv',
            'application/zip',
          ]),
          410: errorBody,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await deps.exports.sendStored(reply, await deps.exports.findOwn(request.auth, request.params.exportId));
    },
  );
};
