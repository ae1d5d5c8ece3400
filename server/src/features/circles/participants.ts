import type { CircleParticipant } from '@wishwell/shared/circle-types';
import { forbidden, notFound } from '../../domain/errors';
import type { CircleQueries } from './queries';

/**
 * A circle's members as a Secret Santa's participants (`{ name, email, userId }`), for a draw
 * `organiserId` starts from the circle: any member may organise one; anyone else is refused.
 */
export async function circleParticipants(queries: CircleQueries, circleId: string, organiserId: string): Promise<CircleParticipant[]> {
  if (!(await queries.circle(circleId))) throw notFound('circleNotFound');
  if (!(await queries.isMember(circleId, organiserId))) throw forbidden('circleMembersOnly');
  return (await queries.members(circleId)).map(({ name, email, userId }) => ({ name, email, userId }));
}
