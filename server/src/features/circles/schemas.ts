/** Request validation for circles and suggestions (the shapes of shared/src/circle-types.ts). */
import { t } from 'elysia';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { requiredText, schemaError } from '../../validation/schemas';
import { addEditorBody, itemBody } from '../wishlists/schemas';

const id = t.String({ maxLength: 64 });

export const circleParams = t.Object({ id });
export const memberParams = t.Object({ id, userId: id });
export const suggestionParams = t.Object({ id, suggestionId: id });
export const joinParams = t.Object({ token: t.String({ maxLength: 128 }) });

export const circleBody = t.Object({ name: requiredText(TEXT_LIMITS.circleName, 'circleName') });
/** An invitation by mail names one address, as an editor invitation does. */
export const circleInviteBody = addEditorBody;
export const circleListsBody = t.Object({ wishlistIds: t.Array(id, { maxItems: 100, error: schemaError('circleListIds') }) });
export const handOverBody = t.Object({ userId: id });

/** A suggestion is an item's idea: its title, link, price and notes, checked as an item's are. */
export const suggestionBody = t.Pick(itemBody, ['title', 'url', 'price', 'currency', 'notes']);
export const showSuggestionsBody = t.Object({ show: t.Boolean() });
