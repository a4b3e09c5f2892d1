import { Alert } from 'antd';
import { type ConsoleAction, mayPerform, rolesSentence } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';

/**
 * Says why an action is disabled: the staff member's roles do not admit it. Says nothing while the
 * roles are unknown or when they admit it (an admin holding every role is never told a working form
 * is disabled), whatever the page that places it checks.
 */
export function RoleNote({ action }: { action: ConsoleAction }) {
  const me = useStaffMe();
  if (!me.data || mayPerform(action, me.data.roles)) return null;
  return (
    <Alert
      className="role-note"
      type="info"
      showIcon
      title={`Needs the ${rolesSentence(action)} role`}
      description="Your roles do not include it, so this is disabled. Ask an admin if you need it."
    />
  );
}
