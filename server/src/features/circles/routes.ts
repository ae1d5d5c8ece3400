import { Elysia } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import { idParams } from '../wishlists/schemas';
import { circleBody, circleInviteBody, circleListsBody, circleParams, handOverBody, joinParams, memberParams, showSuggestionsBody, suggestionBody, suggestionParams } from './schemas';
import type { CircleService } from './service';
import type { SuggestionService } from './suggestions';

/** Gift circles (members, their shared lists, invitations) and suggestions on someone else's list (issue 38). */
export function circleRoutes(policies: AccessPolicies, circles: CircleService, suggestions: SuggestionService) {
  return new Elysia()
    .use(policies)
    .get('/circles', ({ user }) => circles.mine(user), { signedIn: true })
    .post('/circles', ({ user, body, http }) => circles.create(user, body.name, http), { signedIn: true, body: circleBody })
    .get('/circles/join/:token', ({ params }) => circles.preview(params.token), { publicRoute: true, params: joinParams })
    .post('/circles/join/:token', ({ params, user }) => circles.join(params.token, user), { signedIn: true, params: joinParams })
    .get('/circles/:id', ({ circle }) => circles.view(circle), { circleMember: true, params: circleParams })
    .put('/circles/:id', ({ circle, body }) => circles.rename(circle, body.name), { circleCreator: true, params: circleParams, body: circleBody })
    .put(
      '/circles/:id/lists',
      async ({ circle, body }) => {
        await circles.setLists(circle, body.wishlistIds);
        return circles.view(circle);
      },
      { circleMember: true, params: circleParams, body: circleListsBody },
    )
    .post('/circles/:id/invites', ({ circle, body, http }) => circles.invite(circle, body.email, http), { circleCreator: true, params: circleParams, body: circleInviteBody })
    .post('/circles/:id/invite-link', ({ circle, http }) => circles.renewLink(circle, http.origin), { circleCreator: true, params: circleParams })
    .post(
      '/circles/:id/leave',
      async ({ circle }) => {
        await circles.leave(circle);
        return circles.mine(circle.user);
      },
      { circleMember: true, params: circleParams },
    )
    .delete('/circles/:id/members/:userId', ({ circle, params }) => circles.remove(circle, params.userId), { circleCreator: true, params: memberParams })
    .put('/circles/:id/creator', ({ circle, body }) => circles.handOver(circle, body.userId), { circleCreator: true, params: circleParams, body: handOverBody })
    .get('/wishlists/:id/suggestions', ({ circled }) => suggestions.list(circled), { listCircleMember: true, params: idParams })
    .post(
      '/wishlists/:id/suggestions',
      async ({ circled, body, set }) => {
        set.status = 201;
        return suggestions.add(circled, body);
      },
      { listCircleMember: true, params: idParams, body: suggestionBody },
    )
    .delete('/wishlists/:id/suggestions/:suggestionId', ({ circled, params }) => suggestions.remove(circled, params.suggestionId), {
      listCircleMember: true,
      params: suggestionParams,
    })
    .put('/wishlists/:id/suggestions/:suggestionId/reservation', ({ circled, params }) => suggestions.reserve(circled, params.suggestionId), {
      listCircleMember: true,
      params: suggestionParams,
    })
    .delete('/wishlists/:id/suggestions/:suggestionId/reservation', ({ circled, params }) => suggestions.release(circled, params.suggestionId), {
      listCircleMember: true,
      params: suggestionParams,
    })
    .put('/wishlists/:id/show-suggestions', ({ access, body }) => suggestions.setShown(access, body.show), { listOwner: true, params: idParams, body: showSuggestionsBody });
}
