import { type EmailRecipientKind, sendCrmEmail } from '@tessera/data-access/client';
import type { SendCrmEmailInput } from '@tessera/data-access/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys } from './crm-activities';
import { useCurrentInstitutionId } from './current-institution';

/** Sends a written e-mail to a lead or a contact; the record's activities show it at once. */
export function useSendCrmEmail(to: { kind: EmailRecipientKind; id: string }) {
  const institutionId = useCurrentInstitutionId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendCrmEmailInput) => sendCrmEmail(institutionId, to, input),
    onSuccess: () => client.invalidateQueries({ queryKey: activityKeys.all(institutionId) }),
  });
}
