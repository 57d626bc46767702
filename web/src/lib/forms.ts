import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * Keeps only the first problem a resolver reports, so a form says one thing at a time, in the
 * order its schema checks the fields (as the product's forms do).
 */
export function firstErrorOnly<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const entries = Object.entries(result.errors);
    if (entries.length <= 1) return result;
    const [firstName, firstError] = entries[0]!;
    return { values: {}, errors: { [firstName]: firstError } as FieldErrors<TValues> };
  };
}
