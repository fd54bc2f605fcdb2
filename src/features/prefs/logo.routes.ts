import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOGO_MAX_BYTES } from '../../domain/logo.js';
import { prefsSchema } from '../../domain/prefs.schemas.js';
import { LOGO_URL_PREFIX, readLogo, saveLogo } from './logo.service.js';
import { getPrefs } from './prefs.service.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute } from '../../rest/api-schema.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';

/** The logo upload's form, for the document only (the route reads the file as a stream). */
const logoFormSchema = z.object({
  logo: z.string().meta({ format: 'binary', description: 'PNG or JPEG, at most 2 MB.' }),
});

/** POST /api/prefs/logo and the public logo files it creates. */
export async function registerLogoRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    // One file, read only up to the limit: a bigger upload is cut off, not buffered.
    await scope.register(multipart, {
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 2 },
      throwFileSizeLimit: true,
    });

    scope.post(
      '/api/prefs/logo',
      {
        preValidation: signedIn(deps),
        schema: describeRoute({
          tag: 'Settings',
          summary: 'Upload the company logo',
          description:
            'A PNG or JPEG of at most 2 MB, as multipart/form-data in a field named logo.',
          caller: 'contractor',
          success: { 200: prefsSchema },
          errors: [400, 403, 413],
        }),
        // Documented, not validated: the file is read as a stream below, never as a parsed body.
        config: { documentedForm: logoFormSchema },
      },
      async (request) => {
        const session = contractorOf(request);
        if (!request.isMultipart()) {
          throw new AppError(
            'BAD_REQUEST',
            'Send the logo as multipart/form-data in a field named logo',
          );
        }
        const file = await request.file();
        if (!file || file.fieldname !== 'logo') {
          throw new AppError('BAD_REQUEST', 'Send the logo in a form field named logo');
        }
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if (isFileTooLarge(error)) {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              'File too large: the logo must be at most 2 MB',
            );
          }
          throw error;
        }
        await saveLogo(deps.db, session.user, new Uint8Array(bytes));
        return getPrefs(deps.db, session.user.companyId);
      },
    );
  });

  app.get<{ Params: { file: string } }>(`${LOGO_URL_PREFIX}:file`, async (request, reply) => {
    const logo = await readLogo(deps.db, request.params.file);
    if (!logo) throw new AppError('NOT_FOUND', 'Logo not found');
    return (
      reply
        .type(logo.content_type)
        // A new upload gets a new name, so a logo never changes under its URL.
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Shown inside the sandboxed preview and signing frames, whose origin is opaque.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(Buffer.from(logo.bytes))
    );
  });
}

function isFileTooLarge(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'FST_REQ_FILE_TOO_LARGE'
  );
}
