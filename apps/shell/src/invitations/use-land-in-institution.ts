import { useInstitution } from '@tessera/auth';
import { institutionsQueryOptions } from '@tessera/data-access/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

/**
 * After joining an institution: the institution list is read again so that it holds the new one,
 * then the new one is selected (a selection absent from the list would fall back to the first
 * institution) and its workspace opens.
 */
export function useLandInInstitution(): (institutionId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const { switchInstitution } = useInstitution();
  const navigate = useNavigate();
  return async (institutionId) => {
    await queryClient.fetchQuery({ ...institutionsQueryOptions(true), staleTime: 0 });
    switchInstitution(institutionId);
    navigate('/dashboard', { replace: true });
  };
}
