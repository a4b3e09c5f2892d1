import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { createStaff, setParameters } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('adding a wallet', () => {
  it('says crypto is off first, whatever the form holds, and wallet/list says whether it is on', async () => {
    const investor = await createInvestor(t, { realName: 'Asha Verma' });
    const list = await t.call('wallet/list', {}, investor.headers);
    expect(list.body.data).toMatchObject({ items: [], cryptoEnabled: false });
    const noNetwork = await t.call('wallet/add', { address: ADDRESS }, investor.headers);
    expect(noNetwork.body.code).toBe('CRYPTO_DISABLED');
  });

  it('asks for the network when none is chosen, not a schema message', async () => {
    const investor = await createInvestor(t, { realName: 'Asha Verma' });
    const admin = await createStaff(t, ['admin']);
    await setParameters(t, admin, { crypto_enabled: true });
    try {
      expect((await t.call('wallet/list', {}, investor.headers)).body.data.cryptoEnabled).toBe(true);
      for (const body of [
        { address: ADDRESS },
        { network: '', address: ADDRESS },
        { network: 'BEP20', address: ADDRESS },
      ]) {
        const reply = await t.call('wallet/add', body, investor.headers);
        expect(reply.body).toMatchObject({
          status: 0,
          code: 'WALLET_NETWORK_REQUIRED',
          msg: 'Choose the wallet network: TRC20 or ERC20',
        });
      }
      expect(
        (await t.call('wallet/add', { network: 'TRC20', address: ADDRESS }, investor.headers)).body.status,
      ).toBe(1);
    } finally {
      await setParameters(t, admin, { crypto_enabled: false });
    }
  });
});
