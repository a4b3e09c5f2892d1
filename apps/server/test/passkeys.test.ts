import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createInvestor, createStaff, type TestInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { createApiApp, postLoginForm } from './kite-fixtures.js';
import { SoftwareAuthenticator, strayChallenge } from './software-authenticator.js';

/**
 * Passkeys (docs/adr/0028-passkeys.md) over real HTTP: the app listens on a loopback port and every
 * call is a fetch, so the relying party comes from the request's own Host header as in the demo.
 * A software authenticator (node:crypto ES256, CBOR 'none' attestation) plays the browser's part.
 */

const t = await startTestApp();
const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
const origin = new URL(address).origin;
const rpId = '127.0.0.1';
afterAll(() => t.app.close());

// The per-address sign-in limit (50 in 15 minutes) counts on the test clock: each test starts a
// fresh window, since every call here comes from 127.0.0.1.
beforeEach(() => t.clock.advance(16 * 60_000));

interface Reply {
  http: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read reply data loosely; the contract schemas check shapes.
  body: { status: 0 | 1; code?: string; msg: string; data: any; params?: Record<string, unknown> };
}

async function call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(`${origin}${path.startsWith('/') ? path : `/api/vue/${path}`}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { http: response.status, body: (await response.json()) as Reply['body'] };
}

const FUND_PASSWORD = 'Fund1234';

async function investorWithFundPassword(): Promise<TestInvestor> {
  return createInvestor(t, { fundPassword: FUND_PASSWORD });
}

/** Adds a passkey through the real calls; answers the authenticator and the passkey's id. */
async function enrolPasskey(investor: TestInvestor, name = 'Test phone') {
  const authenticator = new SoftwareAuthenticator();
  const started = await call('user/passkeyRegisterOptions', {}, investor.headers);
  expect(started.body.status, JSON.stringify(started.body)).toBe(1);
  const registered = await call(
    'user/passkeyRegister',
    {
      name,
      response: authenticator.createCredential({
        challenge: started.body.data.options.challenge,
        rpId,
        origin,
      }),
      proof: { fundPassword: FUND_PASSWORD },
    },
    investor.headers,
  );
  expect(registered.body.status, JSON.stringify(registered.body)).toBe(1);
  return { authenticator, passkeyId: registered.body.data.passkey.id as string };
}

const login = (investor: TestInvestor, deviceId = 'device-one-1234') =>
  call('user/login', { account: investor.phone, password: investor.password, deviceId });

/** The password step and the passkey options; answers the challenge token and the WebAuthn challenge. */
async function startSignIn(investor: TestInvestor, deviceId?: string) {
  const first = await login(investor, deviceId);
  expect(first.body.data.twoFactorRequired, JSON.stringify(first.body)).toBe(true);
  const challengeToken = first.body.data.challengeToken as string;
  const options = await call('user/passkeyLoginOptions', { challengeToken });
  expect(options.body.status, JSON.stringify(options.body)).toBe(1);
  return { challengeToken, first: first.body.data, options: options.body.data.options };
}

const auditActions = async (investor: TestInvestor, like: string) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('actor_id', '=', String(investor.id))
      .where('action', 'like', like)
      .orderBy('id')
      .execute()
  ).map((row) => row.action);

const messageKinds = async (investor: TestInvestor) =>
  (
    await t.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', investor.id)
      .orderBy('id')
      .execute()
  ).map((row) => row.kind);

describe('adding a passkey in the security centre', () => {
  it('registers, names and lists a passkey, audited, and tells the investor', async () => {
    const investor = await investorWithFundPassword();
    const started = await call('user/passkeyRegisterOptions', {}, investor.headers);
    const options = started.body.data.options;
    expect(options.rp).toEqual({ id: rpId, name: 'Nivesh' });
    expect(options.attestation).toBe('none');
    expect(options.pubKeyCredParams.map((param: { alg: number }) => param.alg)).toContain(-7);
    const authenticator = new SoftwareAuthenticator();
    const registered = await call(
      'user/passkeyRegister',
      {
        name: 'Pixel 8',
        response: authenticator.createCredential({ challenge: options.challenge, rpId, origin }),
        proof: { fundPassword: FUND_PASSWORD },
      },
      investor.headers,
    );
    expect(registered.body.status, JSON.stringify(registered.body)).toBe(1);
    expect(registered.body.data.passkey).toMatchObject({
      name: 'Pixel 8',
      transports: ['internal'],
      lastUsedAt: null,
    });
    const listed = await call('user/passkeyList', {}, investor.headers);
    expect(listed.body.data.passkeys.map((passkey: { name: string }) => passkey.name)).toEqual(['Pixel 8']);
    expect(listed.body.data.max).toBe(10);
    const stored = await t.db
      .selectFrom('user_passkeys')
      .selectAll()
      .where('user_id', '=', investor.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.credential_id).toBe(authenticator.id);
    expect(Number(stored[0]!.sign_counter)).toBe(0);
    expect(await auditActions(investor, 'user.passkey.%')).toEqual(['user.passkey.added']);
    expect(await messageKinds(investor)).toContain('PASSKEY_ADDED');
    // The excluded credentials of the next registration name it, so a browser will not add it twice.
    const again = await call('user/passkeyRegisterOptions', {}, investor.headers);
    expect(
      again.body.data.options.excludeCredentials.map((credential: { id: string }) => credential.id),
    ).toEqual([authenticator.id]);
    const twice = await call(
      'user/passkeyRegister',
      {
        name: 'Same key',
        response: authenticator.createCredential({
          challenge: again.body.data.options.challenge,
          rpId,
          origin,
        }),
        proof: { fundPassword: FUND_PASSWORD },
      },
      investor.headers,
    );
    expect(twice.body.code).toBe('PASSKEY_ALREADY_REGISTERED');
  });

  it('needs the fund password or a current code when the investor has either, and refuses a wrong one', async () => {
    const investor = await investorWithFundPassword();
    const authenticator = new SoftwareAuthenticator();
    const register = async (proof?: Record<string, string>) => {
      const started = await call('user/passkeyRegisterOptions', {}, investor.headers);
      return call(
        'user/passkeyRegister',
        {
          name: 'Laptop',
          response: authenticator.createCredential({
            challenge: started.body.data.options.challenge,
            rpId,
            origin,
          }),
          ...(proof ? { proof } : {}),
        },
        investor.headers,
      );
    };
    expect((await register()).body.code).toBe('PASSKEY_PROOF_REQUIRED');
    const wrong = await register({ fundPassword: 'Wrong999' });
    expect(wrong.body.code).toBe('FUND_PASSWORD_WRONG');
    expect((await register({ code: '123456' })).body.code).toBe('TWO_FACTOR_NOT_ENABLED');
    expect(
      await t.db.selectFrom('user_passkeys').select('id').where('user_id', '=', investor.id).execute(),
    ).toEqual([]);
    // An investor with neither a fund password nor TOTP adds one with the session alone.
    const bare = await createInvestor(t);
    const started = await call('user/passkeyRegisterOptions', {}, bare.headers);
    const added = await call(
      'user/passkeyRegister',
      {
        name: 'Only key',
        response: new SoftwareAuthenticator().createCredential({
          challenge: started.body.data.options.challenge,
          rpId,
          origin,
        }),
      },
      bare.headers,
    );
    expect(added.body.status, JSON.stringify(added.body)).toBe(1);
  });

  it('refuses a wrong, expired or replayed challenge and another origin or RP ID, each with its code', async () => {
    const investor = await investorWithFundPassword();
    const authenticator = new SoftwareAuthenticator();
    const proof = { fundPassword: FUND_PASSWORD };
    const register = (response: unknown) =>
      call('user/passkeyRegister', { name: 'Key', response, proof }, investor.headers);
    const fresh = async () =>
      (await call('user/passkeyRegisterOptions', {}, investor.headers)).body.data.options.challenge as string;

    await fresh();
    const stray = await register(
      authenticator.createCredential({ challenge: strayChallenge(), rpId, origin }),
    );
    expect(stray.body.code).toBe('PASSKEY_CHALLENGE_WRONG');
    // Another investor's challenge is as foreign as a made-up one.
    const other = await investorWithFundPassword();
    const othersChallenge = (await call('user/passkeyRegisterOptions', {}, other.headers)).body.data.options
      .challenge;
    expect(
      (await register(authenticator.createCredential({ challenge: othersChallenge, rpId, origin }))).body
        .code,
    ).toBe('PASSKEY_CHALLENGE_WRONG');

    const late = await fresh();
    t.clock.advance(5 * 60_000 + 1);
    const expired = await register(authenticator.createCredential({ challenge: late, rpId, origin }));
    expect([expired.body.code, expired.body.params]).toEqual(['PASSKEY_CHALLENGE_EXPIRED', { minutes: 5 }]);

    const wrongOrigin = await register(
      authenticator.createCredential({ challenge: await fresh(), rpId, origin: 'https://evil.example' }),
    );
    expect(wrongOrigin.body.code).toBe('PASSKEY_ORIGIN_MISMATCH');
    const wrongRpId = await register(
      authenticator.createCredential({ challenge: await fresh(), rpId: 'evil.example', origin }),
    );
    expect(wrongRpId.body.code).toBe('PASSKEY_ORIGIN_MISMATCH');

    const good = authenticator.createCredential({ challenge: await fresh(), rpId, origin });
    expect((await register(good)).body.status).toBe(1);
    const replayed = await register(good);
    expect(replayed.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect(
      await t.db.selectFrom('user_passkeys').select('id').where('user_id', '=', investor.id).execute(),
    ).toHaveLength(1);
  });

  it('answers refusals in Hindi and Chinese', async () => {
    const investor = await investorWithFundPassword();
    await call('user/passkeyRegisterOptions', {}, investor.headers);
    const response = new SoftwareAuthenticator().createCredential({
      challenge: strayChallenge(),
      rpId,
      origin,
    });
    const hindi = await call(
      'user/passkeyRegister',
      { name: 'कुंजी', response, proof: { fundPassword: FUND_PASSWORD } },
      {
        ...investor.headers,
        'accept-language': 'hi-IN',
      },
    );
    expect([hindi.body.code, hindi.body.msg]).toEqual([
      'PASSKEY_CHALLENGE_WRONG',
      'यह पासकी उत्तर किसी दूसरे अनुरोध का है: फिर से प्रयास करें',
    ]);
    const chinese = await call(
      'user/passkeyRemove',
      { passkeyId: '1', proof: { fundPassword: FUND_PASSWORD } },
      {
        ...investor.headers,
        'accept-language': 'zh-CN',
      },
    );
    expect([chinese.body.code, chinese.body.msg]).toEqual(['PASSKEY_NOT_FOUND', '您的账户中没有此通行密钥']);
  });
});

describe('signing in with a passkey', () => {
  it('asks for the second factor, offers the passkey, and opens the session as a code would', async () => {
    const investor = await investorWithFundPassword();
    // A first sign-in from the usual device, so the next one from elsewhere is news.
    expect((await login(investor, 'usual-device-0001')).body.data.token).toBeDefined();
    const { authenticator } = await enrolPasskey(investor);
    const { challengeToken, first, options } = await startSignIn(investor, 'brand-new-device-2');
    expect(first.factors).toEqual(['passkey']);
    expect(options.rpId).toBe(rpId);
    expect(options.allowCredentials.map((credential: { id: string }) => credential.id)).toEqual([
      authenticator.id,
    ]);
    const done = await call('user/loginVerifyPasskey', {
      challengeToken,
      response: authenticator.getAssertion({ challenge: options.challenge, rpId, origin }),
    });
    expect(done.body.status, JSON.stringify(done.body)).toBe(1);
    expect(done.body.data.account).toBe(investor.phone);
    const session = { token: done.body.data.token as string, account: investor.phone };
    expect((await call('user/getUserinfo', {}, session)).http).toBe(200);
    const signedIn = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('actor_id', '=', String(investor.id))
      .where('action', '=', 'user.login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(signedIn.after)).toContain('passkey');
    expect(await messageKinds(investor)).toContain('NEW_DEVICE_SIGN_IN');
    const listed = await call('user/passkeyList', {}, session);
    expect(listed.body.data.passkeys[0].lastUsedAt).toBe(t.clock.now());
    // The challenge is used: the same answer, or any other, opens nothing more.
    const again = await call('user/loginVerifyPasskey', {
      challengeToken,
      response: authenticator.getAssertion({ challenge: options.challenge, rpId, origin }),
    });
    expect(again.body.code).toBe('LOGIN_CHALLENGE_EXPIRED');
  });

  it('refuses a wrong or expired challenge, an unknown credential, another origin or RP ID, and a bad signature', async () => {
    const investor = await investorWithFundPassword();
    const { authenticator } = await enrolPasskey(investor);
    const other = await investorWithFundPassword();
    const { authenticator: othersKey } = await enrolPasskey(other);
    const { challengeToken, options } = await startSignIn(investor);
    const verify = (response: unknown) => call('user/loginVerifyPasskey', { challengeToken, response });

    expect(
      (await verify(authenticator.getAssertion({ challenge: strayChallenge(), rpId, origin }))).body.code,
    ).toBe('PASSKEY_CHALLENGE_WRONG');
    // The WebAuthn challenge of another sign-in (even the investor's own) does not answer this one.
    const { options: otherSignIn } = await startSignIn(investor);
    expect(
      (await verify(authenticator.getAssertion({ challenge: otherSignIn.challenge, rpId, origin }))).body
        .code,
    ).toBe('PASSKEY_CHALLENGE_WRONG');
    const next = async () =>
      (await call('user/passkeyLoginOptions', { challengeToken })).body.data.options.challenge as string;
    expect((await verify(othersKey.getAssertion({ challenge: await next(), rpId, origin }))).body.code).toBe(
      'PASSKEY_UNKNOWN',
    );
    expect(
      (
        await verify(
          authenticator.getAssertion({ challenge: await next(), rpId, origin: 'http://127.0.0.1:1' }),
        )
      ).body.code,
    ).toBe('PASSKEY_ORIGIN_MISMATCH');
    expect(
      (await verify(authenticator.getAssertion({ challenge: await next(), rpId: 'evil.example', origin })))
        .body.code,
    ).toBe('PASSKEY_ORIGIN_MISMATCH');
    // Five wrong answers close the challenge, as five wrong codes do.
    const closed = await verify(authenticator.getAssertion({ challenge: options.challenge, rpId, origin }));
    expect(closed.body.code).toBe('LOGIN_CHALLENGE_EXPIRED');
    expect((await auditActions(investor, 'user.login.failed')).length).toBe(5);

    const second = await startSignIn(investor);
    const verifySecond = (response: unknown) =>
      call('user/loginVerifyPasskey', { challengeToken: second.challengeToken, response });
    const again = async () =>
      (await call('user/passkeyLoginOptions', { challengeToken: second.challengeToken })).body.data.options
        .challenge as string;
    const forged = authenticator.getAssertion({ challenge: await again(), rpId, origin });
    forged.response.signature = othersKey.getAssertion({
      challenge: strayChallenge(),
      rpId,
      origin,
    }).response.signature;
    expect((await verifySecond(forged)).body.code).toBe('PASSKEY_INVALID');
    const late = await again();
    t.clock.advance(4 * 60_000);
    const stillOpen = await again();
    t.clock.advance(60_000 + 1);
    // Past five minutes the login challenge itself is over, whichever WebAuthn challenge answers it.
    expect(
      (await verifySecond(authenticator.getAssertion({ challenge: late, rpId, origin }))).body.code,
    ).toBe('LOGIN_CHALLENGE_EXPIRED');
    expect(stillOpen).not.toBe(late);
  });

  it('refuses an expired WebAuthn challenge while the sign-in is still open', async () => {
    const investor = await investorWithFundPassword();
    const { authenticator } = await enrolPasskey(investor);
    const { challengeToken, options } = await startSignIn(investor);
    // The login challenge expires with it, so the WebAuthn one is aged in the database instead.
    await t.db
      .updateTable('passkey_challenges')
      .set({ expires_at: new Date(t.clock.now() - 1) })
      .where('challenge', '=', options.challenge)
      .execute();
    const reply = await call('user/loginVerifyPasskey', {
      challengeToken,
      response: authenticator.getAssertion({ challenge: options.challenge, rpId, origin }),
    });
    expect([reply.body.code, reply.body.params]).toEqual(['PASSKEY_CHALLENGE_EXPIRED', { minutes: 5 }]);
  });

  it('refuses a signature counter that goes backwards (a cloned authenticator), audited', async () => {
    const investor = await investorWithFundPassword();
    const { authenticator } = await enrolPasskey(investor);
    const signIn = async (counter?: number) => {
      const { challengeToken, options } = await startSignIn(investor);
      return call('user/loginVerifyPasskey', {
        challengeToken,
        response: authenticator.getAssertion({ challenge: options.challenge, rpId, origin, counter }),
      });
    };
    expect((await signIn(7)).body.status).toBe(1);
    expect((await signIn(7)).body.code).toBe('PASSKEY_COUNTER_REGRESSED');
    expect((await signIn(3)).body.code).toBe('PASSKEY_COUNTER_REGRESSED');
    expect(await auditActions(investor, 'user.passkey.counter_regressed')).toHaveLength(2);
    expect((await signIn(8)).body.status).toBe(1);
  });

  it('refuses passkey options without an open sign-in, and a code where only passkeys exist', async () => {
    const investor = await investorWithFundPassword();
    const first = await login(investor);
    expect(first.body.data.token).toBeDefined();
    expect((await call('user/passkeyLoginOptions', { challengeToken: 'x'.repeat(32) })).body.code).toBe(
      'LOGIN_CHALLENGE_EXPIRED',
    );
    await enrolPasskey(investor);
    const challenged = await login(investor);
    // A code where only passkeys exist has nothing to match.
    expect(
      (
        await call('user/loginVerify', {
          challengeToken: challenged.body.data.challengeToken,
          code: '123456',
        })
      ).body.code,
    ).toBe('TWO_FACTOR_NOT_ENABLED');
  });
});

describe('the Kite login page', () => {
  it('offers a passkey after the password, with its one script allowed by nonce, and redirects on its answer', async () => {
    const investor = await investorWithFundPassword();
    const apiApp = await createApiApp(t, investor);
    const { authenticator } = await enrolPasskey(investor);
    const page = await fetch(`${origin}/kite/connect/login?api_key=${apiApp.apiKey}&v=3&lang=hi`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: investor.phone, password: investor.password }).toString(),
    });
    const html = await page.text();
    expect(html).toContain('पासकी का उपयोग करें');
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);
    const challengeToken = /name="challenge_token" value="([^"]+)"/.exec(html)![1]!;
    const options = (await call('user/passkeyLoginOptions', { challengeToken })).body.data.options;
    const wrong = await postLoginForm(origin, apiApp.apiKey, {
      challenge_token: challengeToken,
      passkey_response: JSON.stringify(
        authenticator.getAssertion({ challenge: options.challenge, rpId, origin: 'https://evil.example' }),
      ),
    });
    expect(wrong.status).toBe(200);
    expect(wrong.html).toContain('This passkey answer was made for another site');
    expect(wrong.html).toContain('id="use-passkey"');
    const again = (await call('user/passkeyLoginOptions', { challengeToken })).body.data.options;
    const done = await postLoginForm(origin, apiApp.apiKey, {
      challenge_token: challengeToken,
      passkey_response: JSON.stringify(
        authenticator.getAssertion({ challenge: again.challenge, rpId, origin }),
      ),
    });
    expect(done.status, done.html).toBe(302);
    expect(new URL(done.location!).searchParams.get('request_token')).toBeTruthy();
  });
});

describe('removing passkeys', () => {
  it('removes one with the fund password, audited and told; the sign-in then needs no second factor', async () => {
    const investor = await investorWithFundPassword();
    const { passkeyId } = await enrolPasskey(investor, 'Old phone');
    const wrong = await call(
      'user/passkeyRemove',
      { passkeyId, proof: { fundPassword: 'Nope1234' } },
      investor.headers,
    );
    expect(wrong.body.code).toBe('FUND_PASSWORD_WRONG');
    const other = await investorWithFundPassword();
    const notTheirs = await call(
      'user/passkeyRemove',
      { passkeyId, proof: { fundPassword: FUND_PASSWORD } },
      other.headers,
    );
    expect(notTheirs.body.code).toBe('PASSKEY_NOT_FOUND');
    const removed = await call(
      'user/passkeyRemove',
      { passkeyId, proof: { fundPassword: FUND_PASSWORD } },
      investor.headers,
    );
    expect(removed.body.status, JSON.stringify(removed.body)).toBe(1);
    expect((await call('user/passkeyList', {}, investor.headers)).body.data.passkeys).toEqual([]);
    expect(await auditActions(investor, 'user.passkey.%')).toEqual([
      'user.passkey.added',
      'user.passkey.removed',
    ]);
    expect(await messageKinds(investor)).toEqual(
      expect.arrayContaining(['PASSKEY_ADDED', 'PASSKEY_REMOVED']),
    );
    expect(Object.keys((await login(investor)).body.data).sort()).toEqual(['account', 'token']);
  });

  it('a staff reset of the second factor removes every passkey', async () => {
    const support = await createStaff(t, ['support']);
    const compliance = await createStaff(t, ['compliance']);
    const investor = await investorWithFundPassword();
    await enrolPasskey(investor, 'One');
    await enrolPasskey(investor, 'Two');
    const userId = String(investor.id);
    const requested = await call(
      '/api/console/users/requestTwoFactorReset',
      { userId, reason: 'lost phone; identity checked on a video call' },
      support.headers,
    );
    expect(requested.body.status, JSON.stringify(requested.body)).toBe(1);
    const confirmed = await call(
      '/api/console/users/confirmTwoFactorReset',
      { requestId: requested.body.data.id, reason: 'checked the call recording' },
      compliance.headers,
    );
    expect(confirmed.body.status, JSON.stringify(confirmed.body)).toBe(1);
    expect(
      await t.db.selectFrom('user_passkeys').select('id').where('user_id', '=', investor.id).execute(),
    ).toEqual([]);
    expect(Object.keys((await login(investor)).body.data).sort()).toEqual(['account', 'token']);
  });
});

describe('where the platform requires a second factor', async () => {
  const strict = await startTestApp({ investorTwoFactorRequired: true });

  it('accepts a passkey as the enrolment, and keeps the last factor from being removed', async () => {
    const investor = await createInvestor(strict, { fundPassword: FUND_PASSWORD });
    const blocked = await strict.call('favorite/lists', {}, investor.headers);
    expect([blocked.http, blocked.body.code]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    const started = await strict.call('user/passkeyRegisterOptions', {}, investor.headers);
    const strictOrigin = 'http://localhost';
    expect(started.body.data.options.rp.id).toBe('localhost');
    const registered = await strict.call(
      'user/passkeyRegister',
      {
        name: 'Phone',
        response: new SoftwareAuthenticator().createCredential({
          challenge: started.body.data.options.challenge,
          rpId: 'localhost',
          origin: strictOrigin,
        }),
        proof: { fundPassword: FUND_PASSWORD },
      },
      investor.headers,
    );
    expect(registered.body.status, JSON.stringify(registered.body)).toBe(1);
    expect((await strict.call('favorite/lists', {}, investor.headers)).http).toBe(200);
    const last = await strict.call(
      'user/passkeyRemove',
      { passkeyId: registered.body.data.passkey.id, proof: { fundPassword: FUND_PASSWORD } },
      investor.headers,
    );
    expect(last.body.code).toBe('TWO_FACTOR_REQUIRED_BY_PLATFORM');
  });
});

describe('a configured relying party', async () => {
  const configured = await startTestApp({
    passkey: { rpId: 'nivesh.example', origins: ['https://app.nivesh.example'], rpName: 'Nivesh Broking' },
  });

  it('names the configured RP ID and accepts only the configured origins', async () => {
    const investor = await createInvestor(configured);
    const register = async (answerOrigin: string) => {
      const started = await configured.call('user/passkeyRegisterOptions', {}, investor.headers);
      expect(started.body.data.options.rp).toEqual({ id: 'nivesh.example', name: 'Nivesh Broking' });
      return configured.call(
        'user/passkeyRegister',
        {
          name: 'Phone',
          response: new SoftwareAuthenticator().createCredential({
            challenge: started.body.data.options.challenge,
            rpId: 'nivesh.example',
            origin: answerOrigin,
          }),
        },
        investor.headers,
      );
    };
    expect((await register('http://localhost')).body.code).toBe('PASSKEY_ORIGIN_MISMATCH');
    expect((await register('https://app.nivesh.example')).body.status).toBe(1);
  });
});
