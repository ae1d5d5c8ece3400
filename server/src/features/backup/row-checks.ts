import { getSchemaValidator, t, type TSchema } from 'elysia';
import { MODEL, type ColumnModel } from '../../db/model';
import { DomainError, text, type ErrorText } from '../../domain/errors';
import { schemaErrorText } from '../../validation/schemas';
import { fieldRefusal } from '../../validation/field-refusal';
import { API_ROW_RULES, type ApiRowRules } from './api-row-rules';

/** A restored row's first bad value: its column (the backup's property name) and why, a catalogue text. */
export interface RowProblem {
  column: string;
  detail: ErrorText;
}

/** A row of a backup (dates still ISO text) checked before it is inserted: its first problem, or null. */
export type RowCheck = (row: Record<string, unknown>) => RowProblem | null;

const VALUE_REQUIRED = text('backupValueRequired');
const VALUE_NOT_TEXT = text('backupValueText');
const VALUE_NOT_NUMBER = text('backupValueNumber');
const VALUE_NOT_FLAG = text('backupValueFlag');
const VALUE_NOT_TIMESTAMP = text('backupValueTimestamp');
const NUL_CHARACTER = text('nulCharacter');
const valueNotWholeNumber = (min: number, max: number) => text('backupValueWholeNumber', { min, max });

// PostgreSQL's integer (SQLite's holds more): a backup restores on either engine.
const INTEGER = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const BIGINT = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
// As JSON writes a Date, year 1 to 9999 (PostgreSQL reads no year 0 and JSON writes 10000 on as +010000).
const ISO_TIMESTAMP = /^(\d{4})-(0[1-9]|1[0-2])-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Why a value does not fit its column's kind, or null. */
const KIND_CHECKS: Record<ColumnModel['kind'], (value: unknown) => ErrorText | null> = {
  id: textProblem,
  text: textProblem,
  integer: (value) => wholeNumberProblem(value, INTEGER),
  bigint: (value) => wholeNumberProblem(value, BIGINT),
  real: (value) => (typeof value === 'number' && Number.isFinite(value) ? null : VALUE_NOT_NUMBER),
  flag: (value) => (typeof value === 'boolean' ? null : VALUE_NOT_FLAG),
  timestamp: timestampProblem,
};

/**
 * Only text JSON.stringify writes for a Date: '2026-02-30...' parses (as 2 March) here, PostgreSQL
 * refuses it. Read by hand: a restore checks every timestamp of every row, and a Date parsed and
 * written back per value would be most of the check's work.
 */
function timestampProblem(value: unknown): ErrorText | null {
  const parts = typeof value === 'string' ? ISO_TIMESTAMP.exec(value) : null;
  if (!parts) return VALUE_NOT_TIMESTAMP;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return year >= 1 && day >= 1 && day <= daysInMonth(year, month) ? null : VALUE_NOT_TIMESTAMP;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function textProblem(value: unknown): ErrorText | null {
  if (typeof value !== 'string') return VALUE_NOT_TEXT;
  return value.includes('\0') ? NUL_CHARACTER : null;
}

function wholeNumberProblem(value: unknown, range: { min: number; max: number }): ErrorText | null {
  return Number.isSafeInteger(value) && (value as number) >= range.min && (value as number) <= range.max ? null : valueNotWholeNumber(range.min, range.max);
}

/**
 * The check of the table `tableName`'s rows: every column's value of the right kind (a column a
 * backup lacks takes its default, so only one without a default is required), then the API's own
 * schema and rules for the columns it writes (API_ROW_RULES), so a restore lets in nothing the
 * API would refuse.
 */
export function rowCheckOf(tableName: string): RowCheck {
  const model = MODEL.find((table) => table.name === tableName);
  if (!model) throw new Error(`No model of table ${tableName}`);
  const checks = [kindCheck(model.columns), ...apiChecks(model.columns, API_ROW_RULES[tableName])];
  return (row) => {
    for (const check of checks) {
      const problem = check(row);
      if (problem) return problem;
    }
    return null;
  };
}

function kindCheck(columns: ColumnModel[]): RowCheck {
  return (row) => {
    for (const column of columns) {
      const value = row[column.key];
      if (value === undefined || value === null) {
        if (column.nullable || (value === undefined && column.default !== undefined)) continue;
        return { column: column.key, detail: VALUE_REQUIRED };
      }
      const detail = KIND_CHECKS[column.kind](value);
      if (detail) return { column: column.key, detail };
    }
    return null;
  };
}

/** The API schema's fields that are columns of the table, then its field rules. */
function apiChecks(columns: ColumnModel[], rules: ApiRowRules | undefined): RowCheck[] {
  if (!rules) return [];
  const keys = new Set(columns.map((column) => column.key));
  return [schemaCheck(Object.keys(rules.schema.properties).filter((key) => keys.has(key)), rules.schema), fieldRulesCheck(rules.fields ?? {})];
}

/** `fields` of the API's `schema`, each optional (an older backup may lack one); the API's message for the first one wrong. */
function schemaCheck(fields: string[], schema: ApiRowRules['schema']): RowCheck {
  // A new object of the schema's fields: Elysia marks a route's own body schema as allowing no other properties.
  const ofFields = t.Object(Object.fromEntries(fields.map((key) => [key, t.Optional(schema.properties[key]!)])), { additionalProperties: true });
  const validator = getSchemaValidator(ofFields, { additionalProperties: true })!;
  return (row) => {
    if (validator.Check(row)) return null;
    const error = validator.Errors(row).First()!;
    const column = error.path.split('/')[1] ?? '';
    return { column, detail: schemaErrorText(error.schema as TSchema & { error?: unknown }, error.value) ?? fieldRefusal(column, error.schema as { type?: unknown }, error.value) };
  };
}

/** Runs after the schema check, so each value has its field's type. */
function fieldRulesCheck(fields: NonNullable<ApiRowRules['fields']>): RowCheck {
  const rules = Object.entries(fields) as [string, (value: unknown) => unknown][];
  return (row) => {
    for (const [column, rule] of rules) {
      if (row[column] === undefined) continue;
      try {
        rule(row[column]);
      } catch (error) {
        if (error instanceof DomainError) return { column, detail: error.texts[0]! };
        throw error;
      }
    }
    return null;
  };
}
