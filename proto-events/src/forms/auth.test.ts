import { describe, expect, it } from 'vitest';
import { firstSignUpProblem, signUpSchema } from './auth.js';

const form = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@shop.test',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('the sign-up form', () => {
  it('asks for the required fields first', () => {
    expect(firstSignUpProblem({ ...form, email: ' ', password: '1' })?.message).toBe(
      'Please fill in all required fields',
    );
    expect(firstSignUpProblem({ ...form, confirmPassword: '' })?.message).toBe('Please fill in all required fields');
  });

  it('then for matching passwords, then for their length', () => {
    expect(firstSignUpProblem({ ...form, password: 'abc', confirmPassword: 'abd' })?.message).toBe(
      'Passwords do not match',
    );
    expect(firstSignUpProblem({ ...form, password: 'abc', confirmPassword: 'abc' })?.message).toBe(
      'Password must be at least 6 characters',
    );
  });

  it('accepts a complete form', () => {
    expect(firstSignUpProblem(form)).toBeNull();
  });

  it('on the server, needs no names', () => {
    expect(signUpSchema.parse({ email: 'ana@shop.test', password: 'secret1' })).toEqual({
      firstName: '',
      lastName: '',
      email: 'ana@shop.test',
      password: 'secret1',
    });
  });
});
