import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../ports/app-deps.js';
import { describeRoute, doneAnswerSchema } from '../../rest/api-schema.js';
import { requestClient, requestLanguage } from '../sessions/request-context.js';
import { contractorOf, signedIn } from '../sessions/signed-in.js';
import { cancelInvite, getTeam, invite } from './invites.service.js';
import { acceptInvite, checkInvite, joinByInvite } from './join.service.js';
import { changeRole, removeMember, setMyName } from './members.service.js';
import { answerJoined } from './team-answers.js';
import {
  inviteInputSchema,
  joinAnswerSchema,
  joinCheckAnswerSchema,
  joinCheckInputSchema,
  joinInputSchema,
  myNameInputSchema,
  roleChangeInputSchema,
  teamAnswerSchema,
  teamIdSchema,
  teamInviteSchema,
} from './team.schemas.js';

const tag = 'Team';
const OWNER_ONLY_NOTE =
  'Owners only, signed in (not with an API key); a member gets 403 naming who can.';
const idParams = z.object({ id: teamIdSchema });

/** /api/team: the company's people and invitations (issue 35). Thin: parse, call, answer. */
export function registerTeamRoutes(app: FastifyInstance, deps: AppDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = signedIn(deps);

  api.get(
    '/api/team',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: "The company's people and pending invitations",
        description: 'Anyone in the company may read it, with an API key too.',
        caller: 'contractor',
        success: { 200: teamAnswerSchema },
      }),
    },
    (request) => getTeam(deps.db, contractorOf(request).user, deps.clock()),
  );

  api.post(
    '/api/team/invites',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: 'Invite someone to the team',
        description: `Mails a link (/join/<token>) that works once, for 7 days. Inviting the same email again cancels the older invitation. 409 when the email is already in the team. ${OWNER_ONLY_NOTE}`,
        caller: 'contractor',
        body: inviteInputSchema,
        success: { 201: teamInviteSchema },
        errors: [403, 409],
      }),
    },
    async (request, reply) => {
      const created = await invite(
        deps,
        contractorOf(request),
        request.body,
        requestClient(request),
      );
      return reply.code(201).send(created);
    },
  );

  api.delete(
    '/api/team/invites/:id',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: 'Cancel an invitation',
        description: `Its link stops working. ${OWNER_ONLY_NOTE}`,
        caller: 'contractor',
        params: idParams,
        success: { 200: doneAnswerSchema },
        errors: [403, 404],
      }),
    },
    async (request) => {
      await cancelInvite(deps, contractorOf(request), request.params.id, requestClient(request));
      return { ok: true as const };
    },
  );

  api.post(
    '/api/team/join/check',
    {
      schema: describeRoute({
        tag,
        summary: 'What an invitation link is for',
        description:
          'The company, who invited, the email and role, and whether that email has an account (then sign in and accept). 400 says why a link no longer works: used, canceled, expired or unknown.',
        caller: 'public',
        body: joinCheckInputSchema,
        success: { 200: joinCheckAnswerSchema },
      }),
    },
    (request) => checkInvite(deps.db, request.body.token, deps.clock()),
  );

  api.post(
    '/api/team/join',
    {
      schema: describeRoute({
        tag,
        summary: 'Join a team by invitation',
        description:
          "Makes the invitee's account in the company with the invitation's role (its email verified by the link) and sets the session cookie. 409 when the email already has an account: sign in, then accept.",
        caller: 'public',
        body: joinInputSchema,
        success: { 200: joinAnswerSchema },
        errors: [409],
      }),
    },
    async (request, reply) => {
      const joined = await joinByInvite(deps, request.body, {
        client: requestClient(request),
        language: requestLanguage(request),
      });
      return answerJoined(reply, deps.config, joined);
    },
  );

  api.post(
    '/api/team/join/accept',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: 'Accept an invitation, signed in',
        description:
          'Moves the signed-in person (whose email the invitation is for) into the inviting company. The keys they made in their old company are revoked. 409 when they are the only owner of a company that has other people.',
        caller: 'contractor',
        body: joinCheckInputSchema,
        success: { 200: doneAnswerSchema },
        errors: [403, 409],
      }),
    },
    async (request) => {
      await acceptInvite(deps, contractorOf(request), request.body.token, requestClient(request));
      return { ok: true as const };
    },
  );

  api.put(
    '/api/team/members/:id',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: "Change a person's role",
        description: `409 for the company's last owner. ${OWNER_ONLY_NOTE}`,
        caller: 'contractor',
        params: idParams,
        body: roleChangeInputSchema,
        success: { 200: doneAnswerSchema },
        errors: [403, 404, 409],
      }),
    },
    async (request) => {
      const { id } = request.params;
      await changeRole(deps, contractorOf(request), id, request.body.role, requestClient(request));
      return { ok: true as const };
    },
  );

  api.put(
    '/api/team/me',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: 'Set your own name',
        description:
          'The name the team list, contract cards ("Sent by Sam Diaz") and webhooks show for you. Only a person signed in to the web app may change it: an API key gets 403.',
        caller: 'contractor',
        body: myNameInputSchema,
        success: { 200: myNameInputSchema },
        errors: [403],
      }),
    },
    async (request) => setMyName(deps.db, contractorOf(request), request.body.name),
  );

  api.delete(
    '/api/team/members/:id',
    {
      preValidation,
      schema: describeRoute({
        tag,
        summary: 'Remove a person from the team',
        description: `Their sessions end at once and the API keys they made are revoked; their contracts stay with the company. 409 for the company's last owner. ${OWNER_ONLY_NOTE}`,
        caller: 'contractor',
        params: idParams,
        success: { 200: doneAnswerSchema },
        errors: [403, 404, 409],
      }),
    },
    async (request) => {
      await removeMember(deps, contractorOf(request), request.params.id, requestClient(request));
      return { ok: true as const };
    },
  );
}
