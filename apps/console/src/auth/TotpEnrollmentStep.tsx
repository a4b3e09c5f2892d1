import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Typography } from 'antd';
import { enrollTotp, type StaffSession, type TotpEnrollment } from '../api/console-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { requiredTotpCodeRules } from './totp-code-rules';

interface TotpEnrollmentStepProps {
  enrollment: TotpEnrollment;
  onSession: (session: StaffSession) => void;
  onBack: () => void;
}

/** Groups the base32 secret in fours so it can be read out and typed; copying gives it whole. */
const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The first sign-in: the staff member adds the console to an authenticator app (QR code or the
 * secret typed in), then proves it with a code. The answer is the first session.
 */
export function TotpEnrollmentStep({ enrollment, onSession, onBack }: TotpEnrollmentStepProps) {
  const enrolMutation = useMutation({
    mutationFn: ({ totpCode }: { totpCode: string }) =>
      enrollTotp({ enrollmentToken: enrollment.enrollmentToken, totpCode }),
    onSuccess: onSession,
  });

  return (
    <section aria-labelledby="enrol-title">
      <Typography.Title level={4} id="enrol-title">
        Set up your authenticator
      </Typography.Title>
      <Typography.Paragraph>
        Every staff sign-in needs a code from an authenticator app. Scan this QR code with the app (Google
        Authenticator, Microsoft Authenticator, 1Password or similar).
      </Typography.Paragraph>
      <div className="enrol-qr">
        <img
          src={enrollment.qrDataUrl}
          width={256}
          height={256}
          alt="QR code to add Nivesh Console to your authenticator app"
        />
      </div>
      <Typography.Paragraph>
        Cannot scan it? Enter this key in the app instead:
        <Typography.Text
          className="enrol-secret"
          code
          copyable={{ text: enrollment.secret, tooltips: ['Copy key', 'Copied'] }}
          data-testid="totp-secret"
        >
          {groupedSecret(enrollment.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Form<{ totpCode: string }>
        name="enrolTotp"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => enrolMutation.mutate(values)}
        disabled={enrolMutation.isPending}
      >
        <Form.Item
          name="totpCode"
          label="Code from the app"
          normalize={(value: string) => value.replace(/\s+/g, '')}
          rules={requiredTotpCodeRules}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        {enrolMutation.isError ? (
          <Form.Item>
            <ErrorAlert title="The code was not accepted" error={enrolMutation.error} />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={enrolMutation.isPending}>
          Confirm and sign in
        </Button>
      </Form>
      <Button type="link" block onClick={onBack} className="enrol-back">
        Back to sign in (the setup expires after a few minutes)
      </Button>
    </section>
  );
}
