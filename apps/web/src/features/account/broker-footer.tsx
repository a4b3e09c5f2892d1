import { useTranslation } from 'react-i18next';
import { findConfigValue, useAppConfig } from '../../api/app-config';

/** SEBI's complaint portal and the online dispute resolution portal, named on every broker's site. */
const SCORES_URL = 'https://scores.sebi.gov.in';
const ODR_URL = 'https://smartodr.in';

/**
 * The broker's registration details and grievance contacts at the foot of the account area, as
 * SEBI asks brokers to show them and Kite does: from the configuration entries broker_* (set by
 * NIVESH_BROKER_* or in the console). A detail not set is left out rather than invented.
 */
export function BrokerFooter() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const value = (name: string) => findConfigValue(config.data, name).trim();
  const name = value('broker_name');
  const registration = value('broker_sebi_registration');
  const address = value('broker_address');
  const email = value('broker_grievance_email');
  const phone = value('broker_grievance_phone');
  return (
    <section className="broker-footer" aria-label={t('account.footer.label')}>
      {name ? <p className="broker-footer__name">{name}</p> : null}
      {registration ? <p>{t('account.footer.sebi', { registration })}</p> : null}
      {address ? <p>{address}</p> : null}
      {email || phone ? (
        <p>
          {t('account.footer.grievance')} {email ? <a href={`mailto:${email}`}>{email}</a> : null}
          {email && phone ? ' · ' : null}
          {phone ? <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a> : null}
        </p>
      ) : null}
      <p>
        {t('account.footer.escalate')}{' '}
        <a href={SCORES_URL} target="_blank" rel="noopener noreferrer">
          SEBI SCORES
        </a>
        {' · '}
        <a href={ODR_URL} target="_blank" rel="noopener noreferrer">
          Smart ODR
        </a>
      </p>
      <p>{t('account.footer.risk')}</p>
    </section>
  );
}
