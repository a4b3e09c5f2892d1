import { randomBytes } from 'node:crypto';
import {
  AuthenticationResponse,
  errorMessage,
  isErrorCode,
  type Language,
  normaliseLanguage,
} from '@nivesh/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Value } from 'typebox/value';
import { AppError } from '../../application/app-error.js';
import type { RequestContext } from '../../application/context.js';
import { logInInvestor } from '../../use-cases/accounts/log-in-investor.js';
import { findAppForLogin, issueRequestToken } from '../../use-cases/kite/issue-request-token.js';
import { completePasskeyLogin } from '../../use-cases/passkeys/complete-passkey-login.js';
import { completeLogin } from '../../use-cases/two-factor/complete-login.js';
import { requestLanguage } from '../language.js';
import { requestContext } from '../register-call.js';
import type { KiteTransport } from './kite-route.js';

/** The page's words in the three languages of the app. */
const TEXTS = {
  en: {
    title: 'Sign in to Nivesh',
    intro: 'The app “{app}” asks to trade for you. Sign in to allow it for today.',
    account: 'Mobile number',
    password: 'Password',
    signIn: 'Sign in',
    code: 'Code from your authenticator app (or a recovery code)',
    verify: 'Verify',
    unknownApp: 'This sign-in link names no API app.',
    usePasskey: 'Use a passkey',
    passkeyRefused: 'No passkey was used. Try again or type your code.',
  },
  hi: {
    title: 'निवेश में साइन इन करें',
    intro: 'ऐप “{app}” आपके लिए ट्रेड करने की अनुमति माँग रहा है। आज के लिए अनुमति देने हेतु साइन इन करें।',
    account: 'मोबाइल नंबर',
    password: 'पासवर्ड',
    signIn: 'साइन इन करें',
    code: 'ऑथेंटिकेटर ऐप का कोड (या एक रिकवरी कोड)',
    verify: 'सत्यापित करें',
    unknownApp: 'यह साइन-इन लिंक किसी API ऐप का नाम नहीं देता।',
    usePasskey: 'पासकी का उपयोग करें',
    passkeyRefused: 'कोई पासकी उपयोग नहीं हुई। फिर से प्रयास करें या अपना कोड लिखें।',
  },
  zh: {
    title: '登录 Nivesh',
    intro: '应用“{app}”请求代您交易。登录即授权其今日使用。',
    account: '手机号',
    password: '密码',
    signIn: '登录',
    code: '身份验证器中的验证码（或恢复码）',
    verify: '验证',
    unknownApp: '此登录链接未指向任何 API 应用。',
    usePasskey: '使用通行密钥',
    passkeyRefused: '未使用通行密钥。请重试或输入验证码。',
  },
} as const satisfies Record<Language, Record<string, string>>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function languageOf(request: FastifyRequest): Language {
  const query = request.query as { lang?: unknown };
  return typeof query.lang === 'string' ? normaliseLanguage(query.lang) : requestLanguage(request);
}

function page(language: Language, body: string): string {
  const t = TEXTS[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Noto Sans","Noto Sans Devanagari","Noto Sans CJK SC",sans-serif;background:#f5f6f8;margin:0;color:#1d2129}
main{max-width:360px;margin:48px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}p{font-size:14px;line-height:1.5;color:#4e5969}
label{display:block;font-size:14px;margin:16px 0 6px}input{box-sizing:border-box;width:100%;font-size:16px;padding:10px;border:1px solid #c9cdd4;border-radius:8px}
button{width:100%;margin-top:20px;padding:12px;font-size:16px;border:0;border-radius:8px;background:#1677ff;color:#fff}
.error{color:#d4380d;background:#fff2e8;border-radius:8px;padding:8px 10px}nav{margin-top:16px;font-size:13px;text-align:center}nav a{margin:0 6px;color:#1677ff}
</style></head><body><main>${body}</main></body></html>`;
}

function languageLinks(apiKey: string): string {
  const link = (code: Language, label: string) =>
    `<a href="/kite/connect/login?api_key=${encodeURIComponent(apiKey)}&amp;v=3&amp;lang=${code}" lang="${code}">${label}</a>`;
  return `<nav>${link('en', 'English')}${link('hi', 'हिन्दी')}${link('zh', '中文')}</nav>`;
}

function formAction(apiKey: string, language: Language): string {
  return `/kite/connect/login?api_key=${encodeURIComponent(apiKey)}&amp;v=3&amp;lang=${language}`;
}

function passwordForm(input: {
  language: Language;
  apiKey: string;
  appName: string;
  error?: string;
  account?: string;
}) {
  const t = TEXTS[input.language];
  return page(
    input.language,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro.replace('{app}', input.appName))}</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${formAction(input.apiKey, input.language)}">
<label for="account">${escapeHtml(t.account)}</label><input id="account" name="account" inputmode="numeric" autocomplete="username" required maxlength="20" value="${escapeHtml(input.account ?? '')}">
<label for="password">${escapeHtml(t.password)}</label><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128">
<button type="submit">${escapeHtml(t.signIn)}</button></form>${languageLinks(input.apiKey)}`,
  );
}

/**
 * The one script the page may run (docs/adr/0028-passkeys.md), allowed by its nonce: "Use a passkey"
 * asks the API for the WebAuthn options of this sign-in, lets the browser sign them, and posts the
 * answer back to this page like the code form does. Plain DOM and base64url, no library.
 */
function passkeyScript(language: Language): string {
  return `(function(){
var button=document.getElementById('use-passkey');var form=document.getElementById('passkey-form');var note=document.getElementById('passkey-note');
if(!button||!form||!window.PublicKeyCredential){if(button)button.hidden=true;return;}
function toBytes(text){var b=atob(text.replace(/-/g,'+').replace(/_/g,'/')+'==='.slice((text.length+3)%4));var out=new Uint8Array(b.length);for(var i=0;i<b.length;i++)out[i]=b.charCodeAt(i);return out;}
function toText(buffer){var bytes=new Uint8Array(buffer);var b='';for(var i=0;i<bytes.length;i++)b+=String.fromCharCode(bytes[i]);return btoa(b).replace(/\\+/g,'-').replace(/\\//g,'_').replace(/=+$/,'');}
button.addEventListener('click',function(){
button.disabled=true;note.hidden=true;
fetch('/api/vue/user/passkeyLoginOptions',{method:'POST',headers:{'content-type':'application/json','accept-language':'${language}'},body:JSON.stringify({challengeToken:form.challenge_token.value})})
.then(function(reply){return reply.json();})
.then(function(envelope){
if(envelope.status!==1)throw new Error(envelope.msg);
var o=envelope.data.options;
return navigator.credentials.get({publicKey:{challenge:toBytes(o.challenge),rpId:o.rpId,timeout:o.timeout,userVerification:o.userVerification,allowCredentials:(o.allowCredentials||[]).map(function(c){return {type:'public-key',id:toBytes(c.id),transports:c.transports};})}});
})
.then(function(credential){
var r=credential.response;
form.passkey_response.value=JSON.stringify({id:credential.id,rawId:toText(credential.rawId),type:'public-key',clientExtensionResults:{},
response:{clientDataJSON:toText(r.clientDataJSON),authenticatorData:toText(r.authenticatorData),signature:toText(r.signature)}});
form.submit();
})
.catch(function(error){button.disabled=false;note.textContent=error&&error.name==='Error'?error.message:note.dataset.refused;note.hidden=false;});
});
})();`;
}

function codeForm(input: {
  language: Language;
  apiKey: string;
  appName: string;
  challengeToken: string;
  offersPasskey: boolean;
  nonce: string;
  error?: string;
}) {
  const t = TEXTS[input.language];
  const passkey = input.offersPasskey
    ? `<form id="passkey-form" method="post" action="${formAction(input.apiKey, input.language)}">
<input type="hidden" name="challenge_token" value="${escapeHtml(input.challengeToken)}"><input type="hidden" name="passkey_response" value="">
<button type="button" id="use-passkey">${escapeHtml(t.usePasskey)}</button>
<p class="error" id="passkey-note" role="alert" hidden data-refused="${escapeHtml(t.passkeyRefused)}"></p></form>
<script nonce="${input.nonce}">${passkeyScript(input.language)}</script>`
    : '';
  return page(
    input.language,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro.replace('{app}', input.appName))}</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${formAction(input.apiKey, input.language)}">
<input type="hidden" name="challenge_token" value="${escapeHtml(input.challengeToken)}">${input.offersPasskey ? '<input type="hidden" name="offers_passkey" value="1">' : ''}
<label for="code">${escapeHtml(t.code)}</label><input id="code" name="code" autocomplete="one-time-code" required maxlength="16">
<button type="submit">${escapeHtml(t.verify)}</button></form>${passkey}`,
  );
}

/**
 * The page's own content security policy: no script at all, its inline style, and forms that may
 * post here and be redirected to the app's redirect URL (Chromium applies form-action to the
 * redirect that follows a form's post, so the app's origin must be named).
 */
function pagePolicy(redirectUrl: string | undefined, nonce: string | undefined): string {
  const redirectOrigin = redirectUrl ? ` ${new URL(redirectUrl).origin}` : '';
  // The passkey step's one script, by nonce, and its one call to this server (ADR 0028).
  const script = nonce ? `; script-src 'nonce-${nonce}'; connect-src 'self'` : '';
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'${redirectOrigin}; frame-ancestors 'none'; base-uri 'none'${script}`;
}

const html = (reply: FastifyReply, status: number, text: string, redirectUrl?: string, nonce?: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', pagePolicy(redirectUrl, nonce))
    .send(text);

/** The browser's passkey answer posted by the page's script, checked against the contract's schema. */
function passkeyResponseOf(body: unknown) {
  const text = field(body, 'passkey_response', 16_000);
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('PASSKEY_INVALID');
  }
  if (!Value.Check(AuthenticationResponse, parsed)) throw new AppError('PASSKEY_INVALID');
  return parsed;
}

const field = (body: unknown, name: string, max: number): string => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.slice(0, max) : '';
};

/**
 * The Kite login page (reference §1): `GET /kite/connect/login?api_key=&v=3` shows the investor's
 * normal sign-in, in English, Hindi or Chinese; the password step and, when the investor has one,
 * the second factor are the app's own use cases (user/login, user/loginVerify: ADR 0022), so every
 * rule, limit, audit row and new-device notice applies. Success redirects to the app's redirect URL
 * with a single-use request token. The only script is the passkey step's, by nonce (ADR 0028).
 */
export function registerKiteLoginPage(transport: KiteTransport): void {
  const { app, deps, limits } = transport;

  app.get('/connect/login', async (request, reply) => {
    const language = languageOf(request);
    const apiKey = String((request.query as { api_key?: unknown }).api_key ?? '').slice(0, 64);
    try {
      const found = await findAppForLogin(deps, apiKey);
      return html(reply, 200, passwordForm({ language, apiKey, appName: found.name }), found.redirectUrl);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return html(
        reply,
        400,
        page(language, `<p class="error" role="alert">${escapeHtml(TEXTS[language].unknownApp)}</p>`),
      );
    }
  });

  app.post('/connect/login', async (request, reply) => {
    const language = languageOf(request);
    const context: RequestContext = { ...requestContext(deps, request), language };
    const apiKey = String((request.query as { api_key?: unknown }).api_key ?? '').slice(0, 64);
    let appName = '';
    let redirectUrl: string | undefined;
    const challengeToken = field(request.body, 'challenge_token', 128);
    const account = field(request.body, 'account', 20);
    try {
      const found = await findAppForLogin(deps, apiKey);
      appName = found.name;
      redirectUrl = found.redirectUrl;
      let sessionToken: string;
      const passkeyResponse = challengeToken ? passkeyResponseOf(request.body) : undefined;
      if (challengeToken && passkeyResponse) {
        await limits.loginPerAddress.call(app, request, reply, () => {});
        sessionToken = (
          await completePasskeyLogin(deps, context, {
            challengeToken,
            response: passkeyResponse as Parameters<typeof completePasskeyLogin>[2]['response'],
          })
        ).token;
      } else if (challengeToken) {
        await limits.loginPerAddress.call(app, request, reply, () => {});
        sessionToken = (
          await completeLogin(deps, context, { challengeToken, code: field(request.body, 'code', 16) })
        ).token;
      } else {
        await limits.loginPerAddress.call(app, request, reply, () => {});
        await limits.loginPerAccount.call(app, request, reply, () => {});
        const signedIn = await logInInvestor(deps, context, {
          account,
          password: field(request.body, 'password', 128),
        });
        if ('twoFactorRequired' in signedIn) {
          const nonce = randomBytes(16).toString('base64');
          const offersPasskey = signedIn.factors?.includes('passkey') ?? false;
          return html(
            reply,
            200,
            codeForm({
              language,
              apiKey,
              appName,
              challengeToken: signedIn.challengeToken,
              offersPasskey,
              nonce,
            }),
            redirectUrl,
            offersPasskey ? nonce : undefined,
          );
        }
        sessionToken = signedIn.token;
      }
      const { redirectTo } = await issueRequestToken(deps, context, { apiKey, sessionToken });
      return reply.status(302).header('location', redirectTo).header('cache-control', 'no-store').send();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (!appName)
        return html(
          reply,
          400,
          page(language, `<p class="error" role="alert">${escapeHtml(TEXTS[language].unknownApp)}</p>`),
        );
      const message = isErrorCode(error.code) ? errorMessage(error.code, language, error.params) : error.code;
      // A wrong code or passkey answer keeps the challenge (it allows five tries); anything else
      // starts from the password.
      if (challengeToken && (error.code === 'TWO_FACTOR_CODE_WRONG' || error.code.startsWith('PASSKEY_'))) {
        const nonce = randomBytes(16).toString('base64');
        const offersPasskey =
          field(request.body, 'offers_passkey', 1) === '1' || error.code.startsWith('PASSKEY_');
        return html(
          reply,
          200,
          codeForm({ language, apiKey, appName, challengeToken, offersPasskey, nonce, error: message }),
          redirectUrl,
          offersPasskey ? nonce : undefined,
        );
      }
      return html(
        reply,
        200,
        passwordForm({ language, apiKey, appName, error: message, account }),
        redirectUrl,
      );
    }
  });
}
