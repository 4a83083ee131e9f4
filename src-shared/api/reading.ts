// Shared (every process; pure zod). THE reading policy for server responses, in one spot
// (ASSUMPTIONS.md "Reading responses: strict where we act, tolerant where we show"). Every
// resource in schemas.ts is a table of fields, each field one of:
//
//   strict(s)      the app acts on it (ids it follows or sends back, paginator links, upload
//                  geometry, `updated_datetime` of drafted resources): a difference is a contract
//                  error naming its JSON path, and the operation stops.
//   shown(s)       the app only shows it: missing → absent; null where the reference says a
//                  string → absent; wrong type → dropped (absent).
//   shownEnum(v)   a full enum the app only shows: an unknown value is kept as it came.
//   part(r)        a nested object (or `partList` an array of them) the app only shows as a whole:
//                  missing, null or of the wrong type → absent; present → read by its own table,
//                  so a nested `id` stays strict.
//
// `resource(fields)` turns one table into two zod schemas:
//   - `reference`: the reference exactly (every field required as documented). A response that
//     passes it has no deviation; its issues ARE the deviations.
//   - `reading`:   what the app accepts (strict fields as the reference, the rest tolerant).
// Unknown extra fields pass through both (z.looseObject), so a newer server does not break us.
import { z } from 'zod';

export interface Field<R extends z.ZodType = z.ZodType, T extends z.ZodType = z.ZodType> {
  readonly rule: 'strict' | 'shown' | 'shownEnum' | 'part';
  readonly reference: R;
  readonly reading: T;
}

export type Fields = Record<string, Field>;

export interface Shape<R extends z.ZodType = z.ZodType, T extends z.ZodType = z.ZodType> {
  readonly reference: R;
  readonly reading: T;
}

export interface Resource<F extends Fields> extends Shape<
  z.ZodObject<{ [K in keyof F]: F[K]['reference'] }, z.core.$loose>,
  z.ZodObject<{ [K in keyof F]: F[K]['reading'] }, z.core.$loose>
> {
  readonly fields: F;
}

export function strict<S extends z.ZodType>(schema: S): Field<S, S> {
  return { rule: 'strict', reference: schema, reading: schema };
}

export function shown<S extends z.ZodType>(schema: S): Field<S, z.ZodCatch<z.ZodOptional<S>>> {
  return { rule: 'shown', reference: schema, reading: schema.optional().catch(undefined) };
}

/** A string the reference restricts to `values`; any other string is kept and shown as it came. */
export function shownEnum<const V extends readonly [string, ...string[]]>(
  values: V,
  options: { nullable?: boolean } = {},
) {
  const known = z.enum(values);
  // `string & {}` keeps the known values visible to editors while any string is allowed.
  const anyString = z.custom<V[number] | (string & {})>((v) => typeof v === 'string');
  const reference = options.nullable ? known.nullable() : known;
  const value = options.nullable ? anyString.nullable() : anyString;
  return { rule: 'shownEnum', reference, reading: value.optional().catch(undefined) } as const satisfies Field;
}

const isObject = (v: unknown): v is object => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A nested object shown as a whole: absent (or wrong type) reads as absent; present → its own rules. */
export function part<S extends Shape>(
  shape: S,
  options?: { nullable?: false },
): Field<S['reference'], z.ZodType<z.output<S['reading']> | undefined>>;
export function part<S extends Shape>(
  shape: S,
  options: { nullable: true },
): Field<z.ZodNullable<S['reference']>, z.ZodType<z.output<S['reading']> | null | undefined>>;
export function part(shape: Shape, options: { nullable?: boolean } = {}): Field {
  const keepNull = options.nullable === true;
  return {
    rule: 'part',
    reference: keepNull ? shape.reference.nullable() : shape.reference,
    reading: z.preprocess(
      (v) => (isObject(v) || (keepNull && v === null) ? v : undefined),
      (keepNull ? shape.reading.nullable() : shape.reading).optional(),
    ),
  };
}

/** An array of nested objects shown as a list: not an array → absent; items that are not objects dropped. */
export function partList<S extends Shape>(
  shape: S,
): Field<z.ZodArray<S['reference']>, z.ZodType<z.output<S['reading']>[] | undefined>> {
  return {
    rule: 'part',
    reference: z.array(shape.reference),
    reading: z.preprocess(
      (v) => (Array.isArray(v) ? v.filter(isObject) : undefined),
      z.array(shape.reading).optional(),
    ) as z.ZodType<z.output<S['reading']>[] | undefined>,
  };
}

/** A field table's two columns: each field's reference schema, and its reading. */
function columns(fields: Fields): { reference: Record<string, z.ZodType>; reading: Record<string, z.ZodType> } {
  const reference: Record<string, z.ZodType> = {};
  const reading: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(fields)) {
    reference[name] = field.reference;
    reading[name] = field.reading;
  }
  return { reference, reading };
}

/** Builds both schemas of one resource from its field table. */
export function resource<F extends Fields>(fields: F): Resource<F> {
  const { reference, reading } = columns(fields);
  return {
    fields,
    reference: z.looseObject(reference) as Resource<F>['reference'],
    reading: z.looseObject(reading) as Resource<F>['reading'],
  };
}

/**
 * Only the fields of a resource that one reader uses (e.g. a course push's plan of a section list):
 * the same rules for those fields, and every other field is neither read, checked nor kept
 * (z.object strips it). So that reader reports no drift in fields it never looks at, and pays
 * nothing for them; the full `resource` reading of the same answer, elsewhere, still reports them.
 */
export function slice<F extends Fields>(fields: F): Slice<F> {
  const { reference, reading } = columns(fields);
  return {
    fields,
    reference: z.object(reference) as Slice<F>['reference'],
    reading: z.object(reading) as Slice<F>['reading'],
  };
}

export interface Slice<F extends Fields> extends Shape<
  z.ZodObject<{ [K in keyof F]: F[K]['reference'] }, z.core.$strip>,
  z.ZodObject<{ [K in keyof F]: F[K]['reading'] }, z.core.$strip>
> {
  readonly fields: F;
}

/** Names of a table's strict fields (documentation, tests). */
export function strictFields(fields: Fields): string[] {
  return Object.entries(fields)
    .filter(([, f]) => f.rule === 'strict')
    .map(([name]) => name);
}
