import type { readUserProfile as readUserProfileCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { listKycSubmissionsOfUser } from '../../repositories/kyc.repository.js';
import {
  listActiveDestinations,
  toDestinationView,
} from '../../repositories/payout-destination.repository.js';
import { listUserDevices } from '../../repositories/second-factor.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { toKycSubmission } from '../kyc/read-kyc.js';

/** Bounds of the customer view's short lists: an investor resubmits KYC a few times, not hundreds. */
export const KYC_SUBMISSIONS_SHOWN_MAX = 20;
export const DEVICES_SHOWN_MAX = 50;

/**
 * The customer view's identity panels (docs/adr/0029-staff-administration-and-customer-view.md):
 * KYC state and submissions with their documents, payout accounts as the investor sees them (account
 * numbers masked), and the devices they signed in from.
 */
export const readUserProfile: StaffUseCase<typeof readUserProfileCall> = async (deps, context, input) => {
  const userId = BigInt(input.userId);
  const user = (await findUserById(deps.db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const [submissions, destinations, devices] = await Promise.all([
    listKycSubmissionsOfUser(deps.db, userId, KYC_SUBMISSIONS_SHOWN_MAX),
    listActiveDestinations(deps.db, userId),
    listUserDevices(deps.db, userId, DEVICES_SHOWN_MAX),
  ]);
  return {
    kycStatus: user.kycStatus,
    kycSubmissions: submissions.map(toKycSubmission),
    payoutAccounts: destinations.map((row) => toDestinationView(row, context.nowMs)),
    devices: devices.map((device) => ({
      device: device.deviceHash.slice(0, 12),
      firstSeenAt: device.firstSeenAtMs,
      lastSeenAt: device.lastSeenAtMs,
    })),
  };
};
