import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SignInAnswer, StaffSession, TotpEnrollment } from '../api/console-calls';
import { saveStaffToken, sessionEndReason } from '../api/staff-token';
import { SignInForm } from './SignInForm';
import { TotpEnrollmentStep } from './TotpEnrollmentStep';
import { useStaffToken } from './use-staff-token';

/** Sign-in, and on a first sign-in the TOTP enrolment that follows it. */
export function SignInPage() {
  const token = useStaffToken();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const returnTo = (location.state as { returnTo?: string } | null)?.returnTo ?? '/';

  if (token) return <Navigate to={returnTo} replace />;

  const startSession = (session: StaffSession) => {
    queryClient.clear();
    // Saving the token re-renders this page, which then goes where the staff member was headed.
    saveStaffToken(session.token);
  };
  const handleAnswer = (answer: SignInAnswer) => {
    if (answer.kind === 'session') startSession(answer.session);
    else setEnrollment(answer);
  };

  return (
    <main className="sign-in-screen">
      <Card className={enrollment ? 'sign-in-card sign-in-card--wide' : 'sign-in-card'}>
        <Typography.Title level={3} className="sign-in-brand">
          Nivesh Console
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          For Nivesh staff. Every action is audited.
        </Typography.Paragraph>
        {sessionEndReason() === 'expired' && !enrollment ? (
          <Alert
            className="sign-in-notice"
            type="warning"
            showIcon
            title="Your session has ended. Please sign in again."
          />
        ) : null}
        {enrollment ? (
          <TotpEnrollmentStep
            enrollment={enrollment}
            onSession={startSession}
            onBack={() => setEnrollment(null)}
          />
        ) : (
          <SignInForm onAnswer={handleAnswer} />
        )}
      </Card>
    </main>
  );
}
