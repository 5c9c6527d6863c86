import { UserEditForm } from '../form/UserEditForm';
import { useDetailUser } from './userContext';

export default function DetailTab() {
  const user = useDetailUser();
  // Keyed on the user so switching users starts from their own values.
  return <UserEditForm key={user.ospId} user={user} />;
}
