import { fieldErrors } from './fieldErrors';
import { newPasswordSchema, passwordResetSchema, signInSchema, signUpSchema } from './account';

describe('account validation', () => {
  it('accepts a valid sign-in', () => {
    expect(fieldErrors(signInSchema, { email: ' king@wyrmcrown.example ', password: 'x' })).toEqual({});
  });

  it('requires both sign-in fields', () => {
    expect(fieldErrors(signInSchema, { email: '', password: '' })).toEqual({
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
  });

  it('checks the email format', () => {
    expect(fieldErrors(passwordResetSchema, { email: 'king@' }).email).toMatch(/valid email/);
    expect(fieldErrors(passwordResetSchema, { email: `${'a'.repeat(250)}@b.co` }).email).toMatch(/at most 254/);
  });

  it('asks a new account for a long enough password, typed twice the same', () => {
    expect(fieldErrors(signUpSchema('2026-11-23'), { birthDate: '1990-01-01', email: 'a@b.co', password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Use at least 8 characters.',
    });
    expect(
      fieldErrors(signUpSchema('2026-11-23'), { birthDate: '1990-01-01', email: 'a@b.co', password: 'long-enough', confirmPassword: 'long-enougH' }),
    ).toEqual({ confirmPassword: 'The passwords do not match.' });
    expect(
      fieldErrors(signUpSchema('2026-11-23'), { birthDate: '1990-01-01', email: 'a@b.co', password: 'long-enough', confirmPassword: 'long-enough' }),
    ).toEqual({});
  });

  it('asks the reset page for the same new password rules, typed twice', () => {
    expect(fieldErrors(newPasswordSchema, { password: 'short', confirmPassword: 'short' })).toEqual({ password: 'Use at least 8 characters.' });
    expect(fieldErrors(newPasswordSchema, { password: 'long-enough', confirmPassword: 'long-enougH' })).toEqual({
      confirmPassword: 'The passwords do not match.',
    });
    expect(fieldErrors(newPasswordSchema, { password: 'long-enough', confirmPassword: 'long-enough' })).toEqual({});
  });

  it('asks a new account for a real date of birth, not in the future, from 1900 on', () => {
    const errors = (birthDate: string) => fieldErrors(signUpSchema('2026-11-23'), { email: 'a@b.co', password: 'long-enough', confirmPassword: 'long-enough', birthDate }).birthDate;
    for (const birthDate of ['2014-02-28', '1900-01-01', '2026-11-23', '2012-02-29']) expect(errors(birthDate)).toBeUndefined();
    for (const birthDate of ['', '2026-11-24', '1899-12-31', '2013-02-29', '2014-13-01', '01/02/2014']) expect(errors(birthDate)).toMatch(/date of birth/);
  });
});
