import { z } from 'zod';

/**
 * The account forms' rules, shared by the web app and the identity service so the browser and
 * the server say the same thing, in the same order, with the product's own words.
 */
export const authMessages = {
  signInRequired: 'Please fill in all fields',
  signUpRequired: 'Please fill in all required fields',
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidEmail: 'Invalid email address',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  accountSuspended: 'This account has been suspended. Please contact support.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
/** The longest address mail can deliver to (RFC 5321): anything longer is not anyone's email. */
export const MAX_EMAIL_LENGTH = 254;
/** Long enough for any passphrase, short enough that hashing it cannot be used to burn CPU. */
export const MAX_PASSWORD_LENGTH = 256;

const trimmed = (max: number) => z.string().trim().max(max);

export const signInSchema = z.object({
  email: z.string().trim().min(1, authMessages.signInRequired).max(MAX_EMAIL_LENGTH, authMessages.invalidEmail),
  password: z.string().min(1, authMessages.signInRequired).max(MAX_PASSWORD_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** What the server receives at sign-up (the spec's payload: no confirmation field). */
export const signUpSchema = z.object({
  firstName: trimmed(100).default(''),
  lastName: trimmed(100).default(''),
  email: z
    .string()
    .trim()
    .min(1, authMessages.signUpRequired)
    .max(MAX_EMAIL_LENGTH, authMessages.invalidEmail)
    .pipe(z.email(authMessages.invalidEmail)),
  password: z
    .string()
    .min(1, authMessages.signUpRequired)
    .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/**
 * The sign-up form: required fields first, then the match, then the length — the order in which
 * the product reports them.
 */
export const signUpFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((form, ctx) => {
    const problem = firstSignUpProblem(form);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export function firstSignUpProblem(form: SignUpForm): { field: keyof SignUpForm; message: string } | null {
  if (!form.email.trim()) return { field: 'email', message: authMessages.signUpRequired };
  if (!form.password) return { field: 'password', message: authMessages.signUpRequired };
  if (!form.confirmPassword) return { field: 'confirmPassword', message: authMessages.signUpRequired };
  if (form.password !== form.confirmPassword)
    return { field: 'confirmPassword', message: authMessages.passwordsDiffer };
  if (form.password.length < MIN_PASSWORD_LENGTH) return { field: 'password', message: authMessages.passwordTooShort };
  if (!z.email().safeParse(form.email.trim()).success) return { field: 'email', message: authMessages.invalidEmail };
  return null;
}
