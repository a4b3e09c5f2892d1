import type { Db } from '../../db/database.js';
import type { ContractNoteParties } from '../../db/schema.js';
import { findConfigValue } from '../../repositories/config.repository.js';

export type BrokerDetails = ContractNoteParties['broker'];

/**
 * The broker's details printed on every contract note (SEBI requires the name, the registration
 * number, the address and the grievance email). Staff edit them as configuration entries
 * (`broker_name`, `broker_sebi_registration`, `broker_address`, `broker_grievance_email`, see
 * config-rules.ts); these defaults stand until they do.
 */
export const DEFAULT_BROKER_DETAILS: BrokerDetails = {
  name: 'Nivesh Securities Private Limited',
  sebiRegistration: 'INZ000000000',
  address: 'Nivesh House, Bandra Kurla Complex, Mumbai 400051, India',
  grievanceEmail: 'grievances@nivesh.example',
};

export const BROKER_CONFIG_NAMES = {
  name: 'broker_name',
  sebiRegistration: 'broker_sebi_registration',
  address: 'broker_address',
  grievanceEmail: 'broker_grievance_email',
} as const satisfies Record<keyof BrokerDetails, string>;

export async function readBrokerDetails(db: Db): Promise<BrokerDetails> {
  const [name, sebiRegistration, address, grievanceEmail] = await Promise.all(
    (['name', 'sebiRegistration', 'address', 'grievanceEmail'] as const).map(
      async (key) => (await findConfigValue(db, BROKER_CONFIG_NAMES[key])) ?? DEFAULT_BROKER_DETAILS[key],
    ),
  );
  return {
    name: name!,
    sebiRegistration: sebiRegistration!,
    address: address!,
    grievanceEmail: grievanceEmail!,
  };
}
