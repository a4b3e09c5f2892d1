import { useTranslation } from 'react-i18next';
import { findConfigValue, useAppConfig } from '../../api/app-config';
import { BottomPopup } from '../../components/bottom-popup';
import { InlineLoading } from '../../components/loading-overlay';
import { currentLanguage } from '../../i18n';

export type LegalDocument = 'agreement' | 'privacy';

const TITLE_KEYS: Record<LegalDocument, string> = {
  agreement: 'register.userAgreement',
  privacy: 'register.privacyPolicy',
};

/**
 * Shows the user agreement or the privacy policy from the server's settings
 * (agreement_<lang> / privacy_<lang>, then the English one), as plain text.
 */
export function LegalDocumentPopup({ document, onClose }: { document: LegalDocument; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const text =
    findConfigValue(config.data, `${document}_${currentLanguage()}`) ||
    findConfigValue(config.data, `${document}_en`);
  return (
    <BottomPopup className="document-popup" onClose={onClose}>
      <div className="document-popup__header">
        <h2 className="document-popup__title">{t(TITLE_KEYS[document])}</h2>
        <button type="button" className="link-button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <div className="document-popup__body">
        {config.isPending ? (
          <InlineLoading />
        ) : (
          <p className="document-popup__text">{text || t('register.documentPlaceholder')}</p>
        )}
      </div>
    </BottomPopup>
  );
}
