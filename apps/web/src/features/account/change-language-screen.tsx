import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyUser } from '../../api/client';
import { BackHeader } from '../../components/back-header';
import { CheckIcon } from '../../components/icons';
import { changeLanguage, currentLanguage, i18n } from '../../i18n';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES, type Language } from '../../i18n/language';

/** Language choice: stored in local storage and sent to the server as the lang header. */
export default function ChangeLanguageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const selected = currentLanguage();

  const choose = async (language: Language) => {
    if (language === selected) return;
    await changeLanguage(language);
    // Server texts (news, messages, refusals) come in the request's language: fetch them again.
    await queryClient.invalidateQueries();
    // `t` still speaks the previous language in this closure; the instance speaks the new one.
    notifyUser(i18n.t('language.changed'));
  };

  return (
    <div className="screen">
      <BackHeader />
      <p className="screen__hint">{t('language.hint')}</p>
      <div className="choice-list" role="radiogroup" aria-label={t('language.title')}>
        {LANGUAGES.map((language) => {
          const isSelected = language === selected;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a full-width row with a check mark, announced as a radio
            <button
              key={language}
              type="button"
              role="radio"
              aria-checked={isSelected}
              lang={language}
              className={`choice-list__item${isSelected ? ' choice-list__item--selected' : ''}`}
              onClick={() => void choose(language)}
            >
              <span>{LANGUAGE_NATIVE_NAMES[language]}</span>
              {isSelected ? <CheckIcon size={20} /> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
