const TRIPS_ROOT = ['trips'] as const;

export const tripKeys = {
  all: TRIPS_ROOT,
  /** Everything of one user's trip configuration: a write refetches it all (the answers carry each other's values). */
  user: (userOspId: string) => [...TRIPS_ROOT, 'user', userOspId] as const,
  distances: (userOspId: string) => [...TRIPS_ROOT, 'user', userOspId, 'distances'] as const,
  status: (userOspId: string) => [...TRIPS_ROOT, 'user', userOspId, 'status'] as const,
  permission: (userOspId: string, kind: 'homework' | 'businessTrip') => [...TRIPS_ROOT, 'user', userOspId, 'permission', kind] as const,
  compensation: (userOspId: string, kind: 'commute' | 'businessTrip' | 'homework') =>
    [...TRIPS_ROOT, 'user', userOspId, 'compensation', kind] as const,
  registrations: () => [...TRIPS_ROOT, 'registrations'] as const,
  registrationList: (filter: unknown) => [...TRIPS_ROOT, 'registrations', filter] as const,
};
