import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toaster';
import { ME_QUERY } from './graphql';

/**
 * After a successful sign-up, sign-in or master login: say so, load the signed-in user (which
 * switches the router to the app), and land on the setup page.
 */
export function useEnterApp() {
  const client = useApolloClient();
  const navigate = useNavigate();
  return async (message: string) => {
    toast({ title: message });
    await client.refetchQueries({ include: [ME_QUERY] }).catch(() => undefined);
    void navigate('/', { replace: true });
  };
}
