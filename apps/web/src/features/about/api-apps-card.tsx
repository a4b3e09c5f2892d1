import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '../../api/calls';
import { callKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { TextField } from '../../components/form-field';
import { InlineLoading } from '../../components/loading-overlay';
import { formatIstDateTime } from '../../lib/date-time';
import './two-factor.css';

type AppWithSecret = CallData<'apiApps/create'>;
type ApiApp = AppWithSecret['app'];

/** The address a Kite Connect program's `root` points at, on this server. */
const kiteRoot = () => `${window.location.origin}/kite`;

/** Mirrors the server's redirect rule (REDIRECT_URL_INVALID), so a slip is told before sending. */
function looksLikeRedirectUrl(text: string): boolean {
  try {
    const url = new URL(text);
    if (url.hash || text.includes('#') || url.username || url.password) return false;
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname))
    );
  } catch {
    return false;
  }
}

/**
 * API apps in the security centre (docs/adr/0025-kite-compatible-transport.md): create one (a name
 * and a redirect URL) and see its api_key and, this once, its api_secret; list, give a new secret,
 * delete. Every act is audited and told by a message on the server.
 */
export function ApiAppsCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const apps = useApiQuery('apiApps/list', {});
  const [shown, setShown] = useState<AppWithSecret | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: callKey('apiApps/list') });

  if (shown)
    return (
      <SecretOnce
        shown={shown}
        onDone={() => {
          setShown(null);
          refresh();
        }}
      />
    );
  return (
    <section className="card two-factor" aria-labelledby="api-apps-title">
      <h2 id="api-apps-title" className="two-factor__title">
        {t('apiApps.title')}
      </h2>
      <p className="screen__hint">{t('apiApps.explain', { root: kiteRoot() })}</p>
      {apps.isPending ? (
        <InlineLoading />
      ) : apps.data?.items.length ? (
        <ul className="api-apps__list">
          {apps.data.items.map((app) => (
            <ApiAppRow
              key={app.id}
              app={app}
              language={i18n.language}
              onSecret={setShown}
              onDeleted={refresh}
            />
          ))}
        </ul>
      ) : (
        <p className="screen__hint">{t('apiApps.none')}</p>
      )}
      <CreateForm onCreated={setShown} />
    </section>
  );
}

function ApiAppRow({
  app,
  language,
  onSecret,
  onDeleted,
}: {
  app: ApiApp;
  language: string;
  onSecret: (shown: AppWithSecret) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const rotate = useApiMutation('apiApps/rotateSecret', { onSuccess: onSecret });
  const remove = useApiMutation('apiApps/delete', { onSuccess: onDeleted });
  const loginLink = `${window.location.origin}/kite/connect/login?api_key=${app.apiKey}&v=3`;
  return (
    <li className="api-apps__item">
      <strong>{app.name}</strong>
      <span className="screen__hint">
        {t('apiApps.created', { time: formatIstDateTime(app.createdAt, language) })}
      </span>
      <span>
        {t('apiApps.apiKey')}: <code>{app.apiKey}</code>
      </span>
      <span className="api-apps__url">{app.redirectUrl}</span>
      <a className="api-apps__url" href={loginLink}>
        {t('apiApps.loginLink')}
      </a>
      <div className="api-apps__actions">
        <button
          type="button"
          className="button"
          disabled={rotate.isPending}
          onClick={() => void rotate.submit({ id: app.id })}
        >
          {t('apiApps.rotate')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={() => (confirming ? void remove.submit({ id: app.id }) : setConfirming(true))}
        >
          {confirming ? t('apiApps.confirmDelete') : t('apiApps.delete')}
        </button>
      </div>
    </li>
  );
}

function CreateForm({ onCreated }: { onCreated: (shown: AppWithSecret) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [redirectUrl, setRedirectUrl] = useState('');
  const [errors, setErrors] = useState<{ name?: string; redirectUrl?: string }>({});
  const create = useApiMutation('apiApps/create', {
    onSuccess: (reply) => {
      setName('');
      setRedirectUrl('');
      onCreated(reply);
    },
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim() === '' ? { name: t('apiApps.nameRequired') } : {}),
      ...(looksLikeRedirectUrl(redirectUrl.trim()) ? {} : { redirectUrl: t('apiApps.urlInvalid') }),
    };
    setErrors(found);
    if (Object.keys(found).length === 0)
      void create.submit({ name: name.trim(), redirectUrl: redirectUrl.trim() });
  };
  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('apiApps.create')}>
      <TextField
        label={t('apiApps.name')}
        value={name}
        maxLength={64}
        onChange={setName}
        error={errors.name}
      />
      <TextField
        label={t('apiApps.redirectUrl')}
        placeholder="https://algo.example/callback"
        inputMode="url"
        value={redirectUrl}
        maxLength={512}
        onChange={setRedirectUrl}
        error={errors.redirectUrl}
      />
      <p className="screen__hint">{t('apiApps.redirectHint')}</p>
      <button type="submit" className="button button--primary button--block" disabled={create.isPending}>
        {t('apiApps.create')}
      </button>
    </form>
  );
}

function SecretOnce({ shown, onDone }: { shown: AppWithSecret; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card two-factor" aria-labelledby="api-apps-title">
      <h2 id="api-apps-title" className="two-factor__title">
        {shown.app.name}
      </h2>
      <span>
        {t('apiApps.apiKey')}: <code>{shown.app.apiKey}</code>
      </span>
      <p className="screen__hint">{t('apiApps.secretOnce')}</p>
      <code className="two-factor__secret" data-testid="api-secret">
        {shown.apiSecret}
      </code>
      <button type="button" className="button button--primary button--block" onClick={onDone}>
        {t('apiApps.secretSaved')}
      </button>
    </section>
  );
}
