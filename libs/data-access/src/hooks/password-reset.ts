import { confirmPasswordReset, requestPasswordReset } from '@tessera/data-access/client';
import { useMutation } from '@tanstack/react-query';

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
