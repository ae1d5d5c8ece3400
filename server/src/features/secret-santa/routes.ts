import { Elysia, t } from 'elysia';
import { DRAW_NAME_MAX, DRAW_PARTICIPANTS_MAX, DRAW_PERSON_NAME_MAX, DRAW_QUESTION_MAX } from '@wishwell/shared/secret-santa-types';
import type { AccessPolicies } from '../../access-policies';
import { idParams, schemaError } from '../../validation/schemas';
import type { ParticipantService } from './participants';
import type { DrawService } from './service';

const tokenParams = t.Object({ token: t.String({ maxLength: 128 }) });
const email = t.String({ maxLength: 320 });
/** An exclusion's side: an e-mail address, or a circle member's user id. */
const person = t.String({ maxLength: 320 });
const newDrawBody = t.Object({
  circleId: t.Optional(t.String({ maxLength: 64 })),
  name: t.Optional(t.String({ maxLength: DRAW_NAME_MAX })),
  participants: t.Array(t.Object({ name: t.String({ maxLength: DRAW_PERSON_NAME_MAX }), email }), {
    maxItems: DRAW_PARTICIPANTS_MAX,
    error: schemaError('drawTooMany', { max: DRAW_PARTICIPANTS_MAX }),
  }),
  exclusions: t.Optional(t.Array(t.Tuple([person, person]), { maxItems: DRAW_PARTICIPANTS_MAX * DRAW_PARTICIPANTS_MAX })),
  budget: t.Optional(t.Nullable(t.Integer({ minimum: 0, error: schemaError('drawBudget') }))),
  currency: t.Optional(t.Nullable(t.String({ maxLength: 3 }))),
  date: t.Optional(t.Nullable(t.String({ maxLength: 10 }))),
  avoidDrawId: t.Optional(t.Nullable(t.String({ maxLength: 64, description: "One of the organiser's own earlier draws, drawn: nobody gets whom they gave to in it (never answered)." }))),
});
const textBody = t.Object({ text: t.String({ maxLength: DRAW_QUESTION_MAX * 2 }) });
const questionParams = t.Object({ token: t.String({ maxLength: 128 }), questionId: t.String({ maxLength: 64 }) });

/**
 * Secret Santa. The organiser's routes never answer a pair; a participant's routes answer their
 * own result only, reached by the result link's token (no account) or, for `/draws/:id/result`,
 * by the participant's account (or an account with their address, where the draw recorded none).
 */
export function secretSantaRoutes(policies: AccessPolicies, draws: DrawService, participants: ParticipantService) {
  return new Elysia()
    .use(policies)
    .post(
      '/draws',
      async ({ user, body, set }) => {
        set.status = 201;
        return draws.create(user, body);
      },
      { signedIn: true, body: newDrawBody },
    )
    .get('/draws', ({ user }) => draws.mine(user), { signedIn: true })
    .get('/circles/:id/draws', ({ circle }) => draws.ofCircle(circle.circle.id, circle.user, circle.joinedAt), { circleMember: true, params: idParams })
    .get('/draws/:id', ({ draw }) => draws.view(draw.draw.id, draw.user), { drawOrganiser: true, params: idParams })
    .delete(
      '/draws/:id',
      async ({ draw }) => {
        await draws.remove(draw);
        return draws.mine(draw.user);
      },
      { drawOrganiser: true, params: idParams },
    )
    .post('/draws/:id/run', ({ draw, http }) => draws.run(draw, http), { drawOrganiser: true, params: idParams })
    .post('/draws/:id/start-over', ({ draw }) => draws.startOver(draw), { drawOrganiser: true, params: idParams })
    .get('/draws/:id/result', async ({ participant, viewer }) => participants.open(participant, await viewer()), { drawParticipant: true, params: idParams })
    .get('/draws/result/:token', async ({ participant, viewer }) => participants.open(participant, await viewer()), { drawParticipant: true, params: tokenParams })
    .put('/draws/result/:token/list', ({ participant, body }) => participants.attachList(participant, body.link), {
      drawParticipant: true,
      params: tokenParams,
      body: t.Object({ link: t.Nullable(t.String({ maxLength: 2000 })) }),
    })
    .post('/draws/result/:token/questions', ({ participant, body, http }) => participants.ask(participant, body.text, http), {
      drawParticipant: true,
      params: tokenParams,
      body: textBody,
    })
    .put('/draws/result/:token/answers/:questionId', ({ participant, params, body, http }) => participants.answer(participant, params.questionId, body.text, http), {
      drawParticipant: true,
      params: questionParams,
      body: textBody,
    })
    .get('/admin/draws', () => draws.forAdmin(), { adminOnly: true });
}
