import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { InlineLoading } from '../../components/loading-overlay';
import { formatIstDateTime } from '../../lib/date-time';

/** A short, readable device name from a user agent (the browser and the system, nothing more). */
export function describeDevice(userAgent: string | null, unknown: string): string {
  if (!userAgent) return unknown;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || unknown;
}

/** The security centre's list of signed-in devices, with sign-out for the others. */
export function SignedInDevices() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useApiQuery('user/sessions', {});
  const revoke = useApiMutation('user/revokeSession', {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: callKey('user/sessions') }),
  });
  return (
    <section className="menu-list devices" aria-label={t('settings.devices.title')}>
      <h2 className="devices__title">{t('settings.devices.title')}</h2>
      {sessions.isPending ? (
        <InlineLoading />
      ) : sessions.isError ? null : (
        <ul className="devices__list">
          {sessions.data.items.map((session) => (
            <li key={session.id} className="menu-list__item devices__item">
              <span className="devices__name">
                {/* The name and "· this device" share a line; the column puts the last activity under them. */}
                <span className="devices__label">
                  {describeDevice(session.userAgent, t('settings.devices.unknown'))}
                  {session.current ? (
                    <span className="devices__current"> · {t('settings.devices.current')}</span>
                  ) : null}
                </span>
                <span className="devices__meta">
                  {t('settings.devices.lastSeen', {
                    time: formatIstDateTime(session.lastSeenAt, i18n.language),
                  })}
                </span>
              </span>
              {session.current ? null : (
                <button
                  type="button"
                  className="button button--secondary devices__signout"
                  disabled={revoke.isPending}
                  onClick={() => {
                    if (window.confirm(t('settings.devices.confirm'))) void revoke.submit({ id: session.id });
                  }}
                >
                  {t('settings.devices.signOut')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
