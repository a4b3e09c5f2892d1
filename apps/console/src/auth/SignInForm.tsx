import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { type SignInAnswer, signIn } from '../api/console-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { optionalTotpCodeRules } from './totp-code-rules';

interface SignInValues {
  username: string;
  password: string;
  totpCode?: string;
}

/**
 * Username, password and the authenticator code. The code is optional on the form: on a first
 * sign-in there is none yet, and the server answers with a TOTP enrolment instead of a session.
 */
export function SignInForm({ onAnswer }: { onAnswer: (answer: SignInAnswer) => void }) {
  const signInMutation = useMutation({
    mutationFn: ({ username, password, totpCode }: SignInValues) =>
      signIn({ username: username.trim(), password, ...(totpCode ? { totpCode } : {}) }),
    onSuccess: onAnswer,
  });

  return (
    <Form<SignInValues>
      name="signIn"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => signInMutation.mutate(values)}
      disabled={signInMutation.isPending}
    >
      <Form.Item
        name="username"
        label="Username"
        rules={[
          { required: true, whitespace: true, message: 'Enter your username' },
          { max: 64, message: 'At most 64 characters' },
        ]}
      >
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        name="password"
        label="Password"
        rules={[
          { required: true, message: 'Enter your password' },
          { max: 128, message: 'At most 128 characters' },
        ]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="totpCode"
        label="Authenticator code"
        extra="6 digits from your authenticator app. Leave it empty on your very first sign-in."
        normalize={(value: string) => value.replace(/\s+/g, '')}
        rules={optionalTotpCodeRules}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      </Form.Item>
      {signInMutation.isError ? (
        <Form.Item>
          <ErrorAlert title="Could not sign in" error={signInMutation.error} />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={signInMutation.isPending}>
        Sign in
      </Button>
    </Form>
  );
}
