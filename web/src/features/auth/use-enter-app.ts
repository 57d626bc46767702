import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toaster';
import { useCurrentUserSession } from '../../lib/use-current-user';

/**
 * After a successful sign-up, sign-in or master login: say so, load the signed-in user (which
 * switches the router to the app), and land on the setup page.
 */
export function useEnterApp() {
  const session = useCurrentUserSession();
  const navigate = useNavigate();
  return async (message: string) => {
    toast({ title: message });
    await session.refresh();
    void navigate('/', { replace: true });
  };
}
