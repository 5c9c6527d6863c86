// Query keys of session-wide data; sign-out clears the whole cache anyway.
export const sessionKeys = {
  all: ['session'] as const,
  currentUser: () => ['session', 'currentUser'] as const,
  corporateAccount: (ospId: string) => ['session', 'corporateAccount', ospId] as const,
};
