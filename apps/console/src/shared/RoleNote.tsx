import { Alert } from 'antd';
import { type ConsoleAction, rolesSentence } from '../auth/staff-roles';

/** Says why an action is disabled: the staff member's roles do not admit it. */
export function RoleNote({ action }: { action: ConsoleAction }) {
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
