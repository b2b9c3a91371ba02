import { useEffect, useState } from 'react';
import { dataOf, request, type ContactInfo } from '@qiming/sdk';

/** The operator's published contact channels (GET platform/contact), fetched when a dialog opens. */
export function useContactInfo(): { contact: ContactInfo | null; failed: boolean } {
  const [contact, setContact] = useState<ContactInfo | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    dataOf(request.get<ContactInfo>('platform/contact')).then(
      (info) => live && setContact(info),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return { contact, failed };
}
