/**
 * A field the request schema refused, as a sentence in the caller's language: what is missing,
 * too long, of the wrong kind or out of range. The validator's own words (TypeBox's English,
 * "Expected string length …") never reach the caller.
 */
import { isErrorPart, part, text, type ErrorParam, type ErrorText } from '../domain/errors';

export interface FieldSchema {
  type?: unknown;
  /** Elysia's coercions: t.Integer() is "an integer, or a string of one". */
  anyOf?: unknown;
  minLength?: unknown;
  maxLength?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

/** `path` is the field's ('title', 'items.0.title'); its last part names it where the catalogue has a name for it. */
export function fieldRefusal(path: string, schema: FieldSchema | undefined, value: unknown): ErrorText {
  const name = path.split('.').pop() ?? path;
  const what: ErrorParam = isErrorPart(name) ? part(name) : path;
  if (value === undefined || (typeof value === 'string' && value.trim() === '' && Number(schema?.minLength) > 0)) return text('fieldRequired', { what });
  const own = ownSchema(schema);
  switch (own?.type) {
    case 'string':
      return textRefusal(what, own, value);
    case 'number':
    case 'integer':
      return numberRefusal(what, own, value);
    case 'boolean':
      return text('fieldTrueFalse', { what });
    case 'array':
      return Array.isArray(value) ? text('fieldInvalid', { what }) : text('fieldList', { what });
    default:
      return text('fieldInvalid', { what });
  }
}

/** The schema; of a coercion's union, the member that is not text. */
function ownSchema(schema: FieldSchema | undefined): FieldSchema | undefined {
  if (!Array.isArray(schema?.anyOf)) return schema;
  const members = schema.anyOf as FieldSchema[];
  return members.find((each) => each.type !== 'string') ?? members[0];
}

function textRefusal(what: ErrorParam, schema: FieldSchema, value: unknown): ErrorText {
  if (typeof value !== 'string') return text('fieldText', { what });
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return text('atMostCharacters', { what, max: schema.maxLength });
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) return text('fieldTooShort', { what, min: schema.minLength });
  return text('fieldForm', { what }); // a pattern or format it does not match
}

function numberRefusal(what: ErrorParam, schema: FieldSchema, value: unknown): ErrorText {
  // Query strings carry numbers as text ('?page=2').
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  const whole = schema.type === 'integer';
  if (!Number.isFinite(number)) return text(whole ? 'fieldWholeNumber' : 'fieldNumber', { what });
  if (typeof schema.minimum === 'number' && number < schema.minimum) return text('fieldAtLeast', { what, min: schema.minimum });
  if (typeof schema.maximum === 'number' && number > schema.maximum) return text('fieldAtMost', { what, max: schema.maximum });
  return text(whole || !Number.isInteger(number) ? 'fieldWholeNumber' : 'fieldNumber', { what });
}
