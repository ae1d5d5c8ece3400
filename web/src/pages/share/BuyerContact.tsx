import { useState } from 'react';
import { useCanSendMail } from '../../api/server-features';
import { useSession } from '../../session/SessionProvider';

export interface BuyerContact {
  name: string;
  setName: (name: string) => void;
  email: string;
  setEmail: (email: string) => void;
  /** False on a server that cannot send mail: no manage link is offered, and no address is sent. */
  offersMail: boolean;
  /** The address the claim sends: none unless typed (or prefilled) and mail can go out. */
  claimEmail: string | undefined;
}

/** The purchase and pledge dialogs' name and e-mail, starting from the signed-in account's. */
export function useBuyerContact(): BuyerContact {
  const { user } = useSession();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const offersMail = useCanSendMail() !== false;
  return { name, setName, email, setEmail, offersMail, claimEmail: offersMail ? email.trim() || undefined : undefined };
}
