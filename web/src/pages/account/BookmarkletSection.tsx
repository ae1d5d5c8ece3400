import { Classes } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { bookmarkletSource } from '../capture/capture-handoff';

const BROWSERS = ['chrome', 'firefox', 'safari', 'mobile'] as const;

/**
 * My Account's 'Add from any shop': the bookmarklet to drag to the bookmarks bar, with how to
 * keep it in each browser. It sends the page the user sees to /capture, so shops that turn the
 * server away still give their product.
 */
export function BookmarkletSection() {
  const { t } = useTranslation();
  const source = typeof location === 'undefined' ? '' : bookmarkletSource(location.origin, t('bookmarklet.popupBlocked'));
  return (
    <section className="ww-account-section" aria-labelledby="bookmarklet-heading">
      <h2 id="bookmarklet-heading">{t('bookmarklet.title')}</h2>
      <p className="ww-account-note">{t('bookmarklet.intro')}</p>
      {/* React refuses javascript: links in href, so the bookmarklet's address is set on the element itself. */}
      <a
        className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ww-bookmarklet`}
        ref={(link) => link?.setAttribute('href', source)}
        onClick={(event) => event.preventDefault()}
        draggable
      >
        {t('bookmarklet.button')}
      </a>
      <ul className="ww-bookmarklet-steps">
        {BROWSERS.map((browser) => (
          <li key={browser}>
            <strong>{t(`bookmarklet.browser_${browser}`)}</strong> {t(`bookmarklet.how_${browser}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
