import { Descriptions, Modal } from 'antd';
import type { ReactNode } from 'react';

interface ConfirmActionModalProps {
  open: boolean;
  title: string;
  okText: string;
  /** Destructive or money-moving: the confirm button is red. */
  danger?: boolean;
  running: boolean;
  /** The reason that will be recorded; leave it out for an act that takes none (a strategy order). */
  reason?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** Asks before a staff action runs, repeating what will happen and the reason that will be recorded. */
export function ConfirmActionModal(props: ConfirmActionModalProps) {
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText="Go back"
      okButtonProps={{ danger: props.danger ?? false }}
      cancelButtonProps={{ disabled: props.running }}
      confirmLoading={props.running}
      onOk={props.onConfirm}
      // While the action runs, the dialog stays: its outcome shows once the server answers.
      onCancel={props.running ? undefined : props.onCancel}
      mask={{ closable: !props.running }}
      keyboard={!props.running}
      closable={!props.running}
      destroyOnHidden
    >
      {props.children}
      {'reason' in props ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[{ key: 'reason', label: 'Reason', children: props.reason }]}
        />
      ) : null}
    </Modal>
  );
}
