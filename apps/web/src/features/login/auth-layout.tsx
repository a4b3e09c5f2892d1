import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { GlobeIcon } from '../../components/icons';
import { currentLanguage } from '../../i18n';
import { LANGUAGE_NATIVE_NAMES } from '../../i18n/language';

/** The frame of the signed-out screens: brand on top, the language switch in reach, the form below. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="screen auth-screen">
      <div className="auth-screen__top">
        <Link to="/information/changeLang" className="chip-link" aria-label={t('language.change')}>
          <GlobeIcon size={18} />
          <span>{LANGUAGE_NATIVE_NAMES[currentLanguage()]}</span>
        </Link>
      </div>
      <div className="auth-screen__brand">
        <BrandLogo size={56} />
        <h1 className="auth-screen__title">{title}</h1>
        {subtitle ? <p className="auth-screen__subtitle">{subtitle}</p> : null}
      </div>
      {children}
    </div>
  );
}
