import type { TFunction } from 'i18next';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, TWO_FACTOR_CODE_LENGTH } from './constants';

// The one place for client-side validation rules (SPEC §5). Each builder
// takes the already translated field label and yields translated messages.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createRules(t: TFunction) {
  const required = (label: string) =>
    z.string().trim().min(1, t('validation:required', { label }));

  return {
    required,
    email: (label: string) =>
      required(label).refine((value) => EMAIL_PATTERN.test(value), t('validation:email')),
    minLength: (label: string, min: number) =>
      required(label).refine((value) => value.length >= min, t('validation:minLength', { label, min })),
    /** Passwords are not trimmed: spaces may be part of them. */
    password: (label: string, min = 0) =>
      z
        .string()
        .min(1, t('validation:required', { label }))
        .refine((value) => value.length >= min, t('validation:minLength', { label, min })),
    newPassword: (label: string) =>
      z
        .string()
        .min(1, t('validation:required', { label }))
        .refine((value) => value.length >= PASSWORD_MIN_LENGTH, t('validation:minLength', { label, min: PASSWORD_MIN_LENGTH })),
    twoFactorCode: (label: string) =>
      required(label).refine(
        (value) => new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`).test(value),
        t('validation:twoFactorCode', { length: TWO_FACTOR_CODE_LENGTH }),
      ),
    maxLength: (label: string, max: number) =>
      z.string().max(max, t('validation:maxLength', { label, max })),
  };
}

export type Rules = ReturnType<typeof createRules>;

/** Adds "the two passwords must match" to a schema with newPassword and repeatPassword. */
export function passwordsMatch<T extends { newPassword: string; repeatPassword: string }>(
  t: TFunction,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value.newPassword !== value.repeatPassword) {
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: t('validation:passwordsMustMatch') });
    }
  };
}
