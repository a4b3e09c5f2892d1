import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findConfigValue, useAppConfig } from '../../api/app-config';
import { BrandLogo } from '../../components/brand-logo';
import { CheckIcon } from '../../components/icons';
import { NetworkError } from '../../components/network-error';
import { HOME_PATH, LOGIN_PATH } from '../../lib/constants';
import { hasSession } from '../../lib/session';

const STAGES = [
  'start.stepConnecting',
  'start.stepSettings',
  'start.stepSession',
  'start.stepReady',
] as const;
const STAGE_PAUSE_MS = 250;

/**
 * The start screen: loads the server's settings (title, logo, customer service) before anything
 * else, shows each stage as it passes, then opens the market for a signed-in user or the login.
 */
export default function StartScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useAppConfig();
  const [stage, setStage] = useState(0);
  const title = findConfigValue(config.data, 'title') || t('app.name');

  useEffect(() => {
    const timer = setTimeout(() => setStage((current) => Math.max(current, 1)), STAGE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!config.isSuccess || stage < 1 || stage >= STAGES.length - 1) return;
    const timer = setTimeout(() => setStage(stage + 1), STAGE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [config.isSuccess, stage]);

  useEffect(() => {
    if (stage === STAGES.length - 1) navigate(hasSession() ? HOME_PATH : LOGIN_PATH, { replace: true });
  }, [stage, navigate]);

  const progressPercent = Math.round(((stage + 1) / STAGES.length) * 100);

  return (
    <div className="screen start-screen">
      <div className="start-screen__brand">
        <BrandLogo size={80} />
        <h1 className="start-screen__title">{title}</h1>
        <p className="start-screen__tagline">{t('app.tagline')}</p>
      </div>
      {config.isError ? (
        <NetworkError onRetry={() => void config.refetch()} isRetrying={config.isFetching} />
      ) : (
        <div className="start-screen__progress">
          <div
            className="progress"
            role="progressbar"
            aria-label={t('start.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progressPercent}
          >
            <span className="progress__fill" style={{ width: `${progressPercent}%` }} />
          </div>
          <ol className="start-screen__stages" aria-live="polite">
            {STAGES.map((key, index) => (
              <li
                key={key}
                className={`stage${index < stage ? ' stage--done' : ''}${index === stage ? ' stage--current' : ''}`}
              >
                <span className="stage__mark" aria-hidden="true">
                  {index < stage ? <CheckIcon size={14} /> : null}
                </span>
                {t(key)}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}
