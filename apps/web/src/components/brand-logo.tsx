import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findConfigValue, useAppConfig } from '../api/app-config';

/** The operator's logo from the server's configuration, or the built-in mark until it loads. */
export function BrandLogo({ size = 64 }: { size?: number }) {
  const { t } = useTranslation();
  const { data } = useAppConfig();
  const logo = findConfigValue(data, 'logo');
  const title = findConfigValue(data, 'title') || t('app.name');
  const [hasFailed, setHasFailed] = useState(false);
  if (logo && !hasFailed) {
    return (
      <img
        className="brand-logo"
        src={logo}
        alt={title}
        width={size}
        height={size}
        onError={() => setHasFailed(true)}
      />
    );
  }
  return <img className="brand-logo" src="/icons/icon.svg" alt={title} width={size} height={size} />;
}
