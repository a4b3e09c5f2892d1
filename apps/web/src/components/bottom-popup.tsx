import Popup from 'antd-mobile/es/components/popup';
import type { ReactNode } from 'react';

/**
 * antd-mobile's popup rising from the bottom edge, open while it is mounted: a tap on the mask or
 * the back gesture closes it, and its content is dropped once closed.
 */
export function BottomPopup({
  className,
  onClose,
  children,
}: {
  /** The class of the popup's body, which styles the sheet. */
  className: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName={className}
      destroyOnClose
    >
      {children}
    </Popup>
  );
}
