import { createContext, useContext } from 'react';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import type { Language } from '@wishwell/shared/languages';
import type { SharedWishlist } from '@wishwell/shared/wishlist-types';

/**
 * What a server-rendered page embeds for its first render in the browser, so hydration renders
 * exactly what the server did without waiting for the API: the domain's branding, the language it
 * was rendered in and, on a share page, the list as the server rendered it.
 */
export interface BootData {
  domainConfig: PublicDomainConfig;
  language: Language;
  /** The site's default language: what a browser asking for none Wishwell speaks gets. */
  defaultLanguage: Language;
  sharedList?: { id: string; view: SharedWishlist };
  /**
   * Whether this server sends e-mail, on a page whose markup depends on it (the share page's
   * follow box): the page then opens as it stays. Absent: the app asks GET /health.
   */
  canSendMail?: boolean;
}

export const BOOT_DATA_ELEMENT_ID = 'ww-boot';

export const BootDataContext = createContext<BootData | null>(null);

export function useBootData(): BootData | null {
  return useContext(BootDataContext);
}

/** The embedded data of a server-rendered page; null on a client-rendered one. */
export function readBootData(): BootData | null {
  const element = document.getElementById(BOOT_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as BootData) : null;
}

/** The data as a JSON script element that no text in it can close early. */
export function bootDataScript(boot: BootData): string {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${json}</script>`;
}
