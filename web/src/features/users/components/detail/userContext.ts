import { useOutletContext } from 'react-router-dom';
import type { User } from '@/lib/api/types';

export interface UserDetailContext {
  user: User;
}

/** The user whose detail page a tab is part of (loaded once by the layout). */
export function useDetailUser(): User {
  return useOutletContext<UserDetailContext>().user;
}
