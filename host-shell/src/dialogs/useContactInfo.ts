import { dataOf, request, useLoad, type ContactInfo } from '@qiming/sdk';

/** The operator's published contact channels (GET platform/contact), fetched when a dialog opens. */
export function useContactInfo(): { contact: ContactInfo | null; failed: boolean } {
  const { data, error } = useLoad(() => dataOf(request.get<ContactInfo>('platform/contact')), []);
  return { contact: data ?? null, failed: error !== undefined };
}
